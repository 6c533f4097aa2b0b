import { DEFAULT_ANALYTICS_DAYS, portfolioAnalyticsResponse, type PortfolioAnalyticsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { portfoliosQueryKey } from './list-portfolios';

export function fetchPortfolioAnalytics(portfolioId: string, days: number, signal?: AbortSignal): Promise<PortfolioAnalyticsResponse> {
  return requestJson(`/api/portfolios/${portfolioId}/analytics?days=${days}`, portfolioAnalyticsResponse, { signal });
}

/** Spec 9: the analytics window is 30 days. */
export function portfolioAnalyticsQueryOptions(portfolioId: string, days = DEFAULT_ANALYTICS_DAYS) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, portfolioId, 'analytics', days],
    queryFn: ({ signal }) => fetchPortfolioAnalytics(portfolioId, days, signal),
  });
}

export function usePortfolioAnalytics(portfolioId: string) {
  return useQuery(portfolioAnalyticsQueryOptions(portfolioId));
}
