import { XRPL_NETWORK_STALE_MS, xrplNetworkResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const xrplNetworkQueryKey = ['api', 'xrpl', 'network'] as const;

/** The network is cached for 5 minutes. */
export function xrplNetworkQueryOptions() {
  return queryOptions({
    ...jsonQueryAt(xrplNetworkQueryKey, xrplNetworkResponse),
    staleTime: XRPL_NETWORK_STALE_MS,
  });
}

export function useXrplNetwork() {
  return useQuery(xrplNetworkQueryOptions());
}
