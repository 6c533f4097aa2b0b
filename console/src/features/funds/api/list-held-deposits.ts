import { heldDepositsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../shared/api/cursor-pages';
import { FUNDS_PAGE_SIZE } from '../paging';
import { fundsQueryKey } from './get-funds';

/** Under the 'funds' prefix, so the realtime 'funds' view refreshes it when a payment is held or assigned. */
export const heldDepositsQueryKey = [...fundsQueryKey, 'held-deposits'] as const;

/** Every status, newest first, a page at a time. */
export function heldDepositsQueryOptions() {
  return cursorPagesOptions(heldDepositsQueryKey, `/api/funds/held-deposits?status=all&limit=${FUNDS_PAGE_SIZE}`, heldDepositsResponse);
}

export function useHeldDeposits() {
  return useInfiniteQuery(heldDepositsQueryOptions());
}
