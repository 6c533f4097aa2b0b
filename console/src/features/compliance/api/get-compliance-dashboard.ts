import { COMPLIANCE_DASHBOARD_POLL_MS, complianceDashboardResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const complianceDashboardQueryKey = ['api', 'kyc', 'dashboard'] as const;

export function complianceDashboardQueryOptions() {
  return queryOptions({
    ...jsonQueryAt(complianceDashboardQueryKey, complianceDashboardResponse),
    refetchInterval: COMPLIANCE_DASHBOARD_POLL_MS,
  });
}

export function useComplianceDashboard() {
  return useQuery(complianceDashboardQueryOptions());
}
