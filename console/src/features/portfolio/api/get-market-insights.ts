import { MARKET_INSIGHTS_POLL_INTERVAL_MS, marketInsightsResponse, type MarketInsightsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const marketInsightsQueryKey = ['api', 'market-insights'] as const;

export function fetchMarketInsights(signal?: AbortSignal): Promise<MarketInsightsResponse> {
  return requestJson('/api/market-insights', marketInsightsResponse, { signal });
}

/** Spec 7/9: polled every 5 minutes. */
export function marketInsightsQueryOptions() {
  return queryOptions({
    queryKey: marketInsightsQueryKey,
    queryFn: ({ signal }) => fetchMarketInsights(signal),
    refetchInterval: MARKET_INSIGHTS_POLL_INTERVAL_MS,
  });
}

export function useMarketInsights() {
  return useQuery(marketInsightsQueryOptions());
}
