import { retirementAnalytics, type RetirementAnalytics, type RetirementAnalyticsFilter } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const retirementAnalyticsQueryKeyPrefix = ['api', 'enhanced-retirement', 'analytics'] as const;

/** 'all' is the plain path; any other filter is the spec's /analytics/{filter}. */
function analyticsPath(filter: RetirementAnalyticsFilter): string {
  return filter === 'all' ? '/api/enhanced-retirement/analytics' : `/api/enhanced-retirement/analytics/${filter}`;
}

export function fetchRetirementAnalytics(filter: RetirementAnalyticsFilter, signal?: AbortSignal): Promise<RetirementAnalytics> {
  return requestJson(analyticsPath(filter), retirementAnalytics, { signal });
}

export function retirementAnalyticsQueryOptions(filter: RetirementAnalyticsFilter = 'all') {
  return queryOptions({
    queryKey: filter === 'all' ? retirementAnalyticsQueryKeyPrefix : [...retirementAnalyticsQueryKeyPrefix, filter],
    queryFn: ({ signal }) => fetchRetirementAnalytics(filter, signal),
  });
}

export function useRetirementAnalytics(filter: RetirementAnalyticsFilter = 'all') {
  return useQuery(retirementAnalyticsQueryOptions(filter));
}
