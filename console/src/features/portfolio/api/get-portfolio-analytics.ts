import { DEFAULT_ANALYTICS_DAYS, portfolioAnalyticsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { portfoliosQueryKey } from './list-portfolios';

/** Spec 9: the analytics window is 30 days. */
export function portfolioAnalyticsQueryOptions(portfolioId: string, days = DEFAULT_ANALYTICS_DAYS) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, portfolioId, 'analytics', days],
    queryFn: getJson(`/api/portfolios/${portfolioId}/analytics?days=${days}`, portfolioAnalyticsResponse),
  });
}

export function usePortfolioAnalytics(portfolioId: string) {
  return useQuery(portfolioAnalyticsQueryOptions(portfolioId));
}
