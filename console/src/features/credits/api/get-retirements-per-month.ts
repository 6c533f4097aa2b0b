import { retirementsPerMonth } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

export const retirementsPerMonthQueryKey = ['api', 'enhanced-retirement', 'monthly'] as const;

export function retirementsPerMonthQueryOptions() {
  return queryOptions({ queryKey: retirementsPerMonthQueryKey, queryFn: getJson('/api/enhanced-retirement/monthly', retirementsPerMonth) });
}

/** Credits retired per month over the last 12 months, as the read model sums them. */
export function useRetirementsPerMonth() {
  return useQuery(retirementsPerMonthQueryOptions());
}
