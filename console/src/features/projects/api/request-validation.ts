import { projectCommandResponse, type ProjectCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface RequestValidationVariables {
  projectId: string;
  verifierId: string;
}

/** Assigns an accredited verifier and asks it to validate the project. */
export function requestValidation({ projectId, verifierId }: RequestValidationVariables): Promise<ProjectCommandResponse> {
  return requestJson(`/api/projects/${encodeURIComponent(projectId)}/validation`, projectCommandResponse, { method: 'POST', body: { verifierId } });
}

export function useRequestValidation() {
  return useRefreshingMutation({ mutationFn: requestValidation, refreshes: projectDecisionRefreshes });
}
