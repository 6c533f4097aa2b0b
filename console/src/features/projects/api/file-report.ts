import { reportCommandResponse, type FileMonitoringReportRequest, type ReportCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface FileReportVariables {
  projectId: string;
  report: FileMonitoringReportRequest;
}

/** The proponent files a monitoring report; a period overlapping an earlier report is refused (409). */
export function fileReport({ projectId, report }: FileReportVariables): Promise<ReportCommandResponse> {
  return requestJson(`/api/projects/${encodeURIComponent(projectId)}/reports`, reportCommandResponse, { method: 'POST', body: report });
}

export function useFileReport() {
  return useRefreshingMutation({ mutationFn: fileReport, refreshes: projectDecisionRefreshes });
}
