import { heldDepositsResponse, type HeldDepositsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { fundsQueryKey } from './get-funds';

/** Under the 'funds' prefix, so the realtime 'funds' view refreshes it when a payment is held or assigned. */
export const heldDepositsQueryKey = [...fundsQueryKey, 'held-deposits'] as const;

export function fetchHeldDeposits(page: number, signal?: AbortSignal): Promise<HeldDepositsResponse> {
  return requestJson(`/api/funds/held-deposits?status=all&page=${page}&pageSize=10`, heldDepositsResponse, { signal });
}

export function heldDepositsQueryOptions(page: number) {
  return queryOptions({ queryKey: [...heldDepositsQueryKey, page], queryFn: ({ signal }) => fetchHeldDeposits(page, signal) });
}

export function useHeldDeposits(page: number) {
  return useQuery(heldDepositsQueryOptions(page));
}
