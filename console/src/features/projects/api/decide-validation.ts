import { projectCommandResponse, type DecideValidationRequest, type ProjectCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface DecideValidationVariables {
  projectId: string;
  decision: DecideValidationRequest;
}

/** The assigned verifier validates the project or rejects it with reasons. */
export function decideValidation({ projectId, decision }: DecideValidationVariables): Promise<ProjectCommandResponse> {
  return requestJson(`/api/projects/${encodeURIComponent(projectId)}/validation/decision`, projectCommandResponse, { method: 'POST', body: decision });
}

export function useDecideValidation() {
  return useRefreshingMutation({ mutationFn: decideValidation, refreshes: projectDecisionRefreshes });
}
