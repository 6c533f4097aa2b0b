import { metricsResponse, type MetricsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and the key realtime updates of the 'metrics' view invalidate. */
export const metricsQueryKey = ['api', 'metrics'] as const;

export function fetchMetrics(signal?: AbortSignal): Promise<MetricsResponse> {
  return requestJson('/api/metrics', metricsResponse, { signal });
}

export function metricsQueryOptions() {
  return queryOptions({ queryKey: metricsQueryKey, queryFn: ({ signal }) => fetchMetrics(signal) });
}

export function useMetrics() {
  return useQuery(metricsQueryOptions());
}
