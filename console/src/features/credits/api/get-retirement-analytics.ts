import { retirementAnalytics, type RetirementAnalyticsFilter } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

export const retirementAnalyticsQueryKeyPrefix = ['api', 'enhanced-retirement', 'analytics'] as const;

/** 'all' is the plain path; any other filter is the /analytics/{filter} path. */
function analyticsPath(filter: RetirementAnalyticsFilter): string {
  return filter === 'all' ? '/api/enhanced-retirement/analytics' : `/api/enhanced-retirement/analytics/${filter}`;
}

export function retirementAnalyticsQueryOptions(filter: RetirementAnalyticsFilter = 'all') {
  return queryOptions({
    queryKey: filter === 'all' ? retirementAnalyticsQueryKeyPrefix : [...retirementAnalyticsQueryKeyPrefix, filter],
    queryFn: getJson(analyticsPath(filter), retirementAnalytics),
  });
}

export function useRetirementAnalytics(filter: RetirementAnalyticsFilter = 'all') {
  return useQuery(retirementAnalyticsQueryOptions(filter));
}
