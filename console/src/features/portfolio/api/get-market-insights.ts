import { MARKET_INSIGHTS_POLL_INTERVAL_MS, marketInsightsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const marketInsightsQueryKey = ['api', 'market-insights'] as const;

/** Spec 7/9: polled every 5 minutes. */
export function marketInsightsQueryOptions() {
  return queryOptions({
    ...jsonQueryAt(marketInsightsQueryKey, marketInsightsResponse),
    refetchInterval: MARKET_INSIGHTS_POLL_INTERVAL_MS,
  });
}

export function useMarketInsights() {
  return useQuery(marketInsightsQueryOptions());
}
