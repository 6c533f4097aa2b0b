import { AMM_STATE_POLL_MS, ammStateResponse, type AmmStateResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const ammStateQueryKey = ['api', 'xrpl', 'amm-state'] as const;

export function fetchAmmState(signal?: AbortSignal): Promise<AmmStateResponse> {
  return requestJson('/api/xrpl/amm-state', ammStateResponse, { signal });
}

/** Spec: polled every 10 s. */
export function ammStateQueryOptions() {
  return queryOptions({
    queryKey: ammStateQueryKey,
    queryFn: ({ signal }) => fetchAmmState(signal),
    refetchInterval: AMM_STATE_POLL_MS,
  });
}

export function useAmmState() {
  return useQuery(ammStateQueryOptions());
}
