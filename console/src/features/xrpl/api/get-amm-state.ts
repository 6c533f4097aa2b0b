import { AMM_STATE_POLL_MS, ammStateResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const ammStateQueryKey = ['api', 'xrpl', 'amm-state'] as const;

/** Polled every 10 s. */
export function ammStateQueryOptions() {
  return queryOptions({
    ...jsonQueryAt(ammStateQueryKey, ammStateResponse),
    refetchInterval: AMM_STATE_POLL_MS,
  });
}

export function useAmmState() {
  return useQuery(ammStateQueryOptions());
}
