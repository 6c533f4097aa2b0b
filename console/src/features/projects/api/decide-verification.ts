import { reportCommandResponse, type DecideVerificationRequest, type ReportCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface DecideVerificationVariables {
  projectId: string;
  reportId: string;
  decision: DecideVerificationRequest;
}

/** The project's verifier verifies a report (at most as claimed per vintage) or rejects it. */
export function decideVerification({ projectId, reportId, decision }: DecideVerificationVariables): Promise<ReportCommandResponse> {
  const path = `/api/projects/${encodeURIComponent(projectId)}/reports/${encodeURIComponent(reportId)}/verification`;
  return requestJson(path, reportCommandResponse, { method: 'POST', body: decision });
}

export function useDecideVerification() {
  return useRefreshingMutation({ mutationFn: decideVerification, refreshes: projectDecisionRefreshes });
}
