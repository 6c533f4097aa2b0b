import { metricsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads, and the key realtime updates of the 'metrics' view invalidate. */
export const metricsQueryKey = ['api', 'metrics'] as const;

export function metricsQueryOptions() {
  return queryOptions(jsonQueryAt(metricsQueryKey, metricsResponse));
}

export function useMetrics() {
  return useQuery(metricsQueryOptions());
}
