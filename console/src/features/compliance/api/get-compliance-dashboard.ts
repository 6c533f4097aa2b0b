import { COMPLIANCE_DASHBOARD_POLL_MS, complianceDashboardResponse, type ComplianceDashboardResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const complianceDashboardQueryKey = ['api', 'kyc', 'dashboard'] as const;

export function fetchComplianceDashboard(signal?: AbortSignal): Promise<ComplianceDashboardResponse> {
  return requestJson('/api/kyc/dashboard', complianceDashboardResponse, { signal });
}

export function complianceDashboardQueryOptions() {
  return queryOptions({
    queryKey: complianceDashboardQueryKey,
    queryFn: ({ signal }) => fetchComplianceDashboard(signal),
    refetchInterval: COMPLIANCE_DASHBOARD_POLL_MS,
  });
}

export function useComplianceDashboard() {
  return useQuery(complianceDashboardQueryOptions());
}
