import { listAmlAlertsResponse, type ListAmlAlertsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { AML_FEED_SIZE } from '../merge-aml-alerts';

export const amlAlertsQueryKey = ['api', 'aml', 'alerts'] as const;

export function fetchAmlAlerts(limit: number, signal?: AbortSignal): Promise<ListAmlAlertsResponse> {
  return requestJson(`/api/aml/alerts?limit=${limit}`, listAmlAlertsResponse, { signal });
}

export function amlAlertsQueryOptions() {
  return queryOptions({
    queryKey: amlAlertsQueryKey,
    queryFn: ({ signal }) => fetchAmlAlerts(AML_FEED_SIZE, signal),
  });
}

export function useAmlAlerts() {
  return useQuery(amlAlertsQueryOptions());
}
