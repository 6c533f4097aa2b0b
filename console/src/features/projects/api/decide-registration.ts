import { projectCommandResponse, type DecideRegistrationRequest, type ProjectCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface DecideRegistrationVariables {
  projectId: string;
  decision: DecideRegistrationRequest;
}

/** The registry registers a validated project or refuses it with reasons. */
export function decideRegistration({ projectId, decision }: DecideRegistrationVariables): Promise<ProjectCommandResponse> {
  return requestJson(`/api/projects/${encodeURIComponent(projectId)}/registration`, projectCommandResponse, { method: 'POST', body: decision });
}

export function useDecideRegistration() {
  return useRefreshingMutation({ mutationFn: decideRegistration, refreshes: projectDecisionRefreshes });
}
