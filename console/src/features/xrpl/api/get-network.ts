import { XRPL_NETWORK_STALE_MS, xrplNetworkResponse, type XrplNetworkResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const xrplNetworkQueryKey = ['api', 'xrpl', 'network'] as const;

export function fetchXrplNetwork(signal?: AbortSignal): Promise<XrplNetworkResponse> {
  return requestJson('/api/xrpl/network', xrplNetworkResponse, { signal });
}

/** Spec: the network is cached for 5 minutes. */
export function xrplNetworkQueryOptions() {
  return queryOptions({
    queryKey: xrplNetworkQueryKey,
    queryFn: ({ signal }) => fetchXrplNetwork(signal),
    staleTime: XRPL_NETWORK_STALE_MS,
  });
}

export function useXrplNetwork() {
  return useQuery(xrplNetworkQueryOptions());
}
