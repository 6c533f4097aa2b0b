import { retirementsPerMonth, type RetirementsPerMonth } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const retirementsPerMonthQueryKey = ['api', 'enhanced-retirement', 'monthly'] as const;

export function fetchRetirementsPerMonth(signal?: AbortSignal): Promise<RetirementsPerMonth> {
  return requestJson('/api/enhanced-retirement/monthly', retirementsPerMonth, { signal });
}

export function retirementsPerMonthQueryOptions() {
  return queryOptions({ queryKey: retirementsPerMonthQueryKey, queryFn: ({ signal }) => fetchRetirementsPerMonth(signal) });
}

/** Credits retired per month over the last 12 months, as the read model sums them. */
export function useRetirementsPerMonth() {
  return useQuery(retirementsPerMonthQueryOptions());
}
