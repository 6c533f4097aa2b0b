import { heldDepositsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { FUNDS_PAGE_SIZE } from '../paging';
import { fundsQueryKey } from './get-funds';

/** Under the 'funds' prefix, so the realtime 'funds' view refreshes it when a payment is held or assigned. */
export const heldDepositsQueryKey = [...fundsQueryKey, 'held-deposits'] as const;

export function heldDepositsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...heldDepositsQueryKey, page],
    queryFn: getJson(`/api/funds/held-deposits?status=all&page=${page}&pageSize=${FUNDS_PAGE_SIZE}`, heldDepositsResponse),
  });
}

export function useHeldDeposits(page: number) {
  return useQuery(heldDepositsQueryOptions(page));
}
