import { reportCommandResponse, type ReportCommandResponse, type ReviewIssuanceRequest } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { creditsListQueryKey, projectDecisionRefreshes } from './query-keys';

export interface ReviewIssuanceVariables {
  projectId: string;
  reportId: string;
  decision: ReviewIssuanceRequest;
}

/** The registry approves a verified report's issuance (one batch per vintage) or sends it back. */
export function reviewIssuance({ projectId, reportId, decision }: ReviewIssuanceVariables): Promise<ReportCommandResponse> {
  const path = `/api/projects/${encodeURIComponent(projectId)}/reports/${encodeURIComponent(reportId)}/review`;
  return requestJson(path, reportCommandResponse, { method: 'POST', body: decision });
}

export function useReviewIssuance() {
  // An approval issues credits: the credits list changes too.
  return useRefreshingMutation({ mutationFn: reviewIssuance, refreshes: [...projectDecisionRefreshes, creditsListQueryKey] });
}
