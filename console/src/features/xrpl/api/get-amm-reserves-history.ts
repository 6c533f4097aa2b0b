import { ammReservesHistoryResponse, type AmmReservesHistoryResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** The amm-reserves view's realtime updates refresh it. */
export const ammReservesHistoryQueryKey = ['api', 'xrpl', 'amm-reserves'] as const;

export function fetchAmmReservesHistory(signal?: AbortSignal): Promise<AmmReservesHistoryResponse> {
  return requestJson('/api/xrpl/amm-reserves', ammReservesHistoryResponse, { signal });
}

export function ammReservesHistoryQueryOptions() {
  return queryOptions({ queryKey: ammReservesHistoryQueryKey, queryFn: ({ signal }) => fetchAmmReservesHistory(signal) });
}

/** The pool's reserves after its opening and each swap, as the amm-reserves read model keeps them. */
export function useAmmReservesHistory() {
  return useQuery(ammReservesHistoryQueryOptions());
}
