import { retirementsPerMonth } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const retirementsPerMonthQueryKey = ['api', 'enhanced-retirement', 'monthly'] as const;

export function retirementsPerMonthQueryOptions() {
  return queryOptions(jsonQueryAt(retirementsPerMonthQueryKey, retirementsPerMonth));
}

/** Credits retired per month over the last 12 months, as the read model sums them. */
export function useRetirementsPerMonth() {
  return useQuery(retirementsPerMonthQueryOptions());
}
