import { listAmlAlertsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { AML_FEED_SIZE } from '../merge-aml-alerts';

export const amlAlertsQueryKey = ['api', 'aml', 'alerts'] as const;

export function amlAlertsQueryOptions() {
  return queryOptions({
    queryKey: amlAlertsQueryKey,
    queryFn: getJson(`/api/aml/alerts?limit=${AML_FEED_SIZE}`, listAmlAlertsResponse),
  });
}

export function useAmlAlerts() {
  return useQuery(amlAlertsQueryOptions());
}
