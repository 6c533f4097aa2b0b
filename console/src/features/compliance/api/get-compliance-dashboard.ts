import { COMPLIANCE_DASHBOARD_POLL_MS, complianceDashboardResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

export const complianceDashboardQueryKey = ['api', 'kyc', 'dashboard'] as const;

export function complianceDashboardQueryOptions() {
  return queryOptions({
    queryKey: complianceDashboardQueryKey,
    queryFn: getJson('/api/kyc/dashboard', complianceDashboardResponse),
    refetchInterval: COMPLIANCE_DASHBOARD_POLL_MS,
  });
}

export function useComplianceDashboard() {
  return useQuery(complianceDashboardQueryOptions());
}
