import { type DeactivateProjectRequest, projectCommandResponse, type ProjectCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface DeactivateProjectVariables {
  projectId: string;
  request: DeactivateProjectRequest;
}

/** The registry makes a registered project inactive, with reasons: it takes no more monitoring reports. */
export function deactivateProject({ projectId, request }: DeactivateProjectVariables): Promise<ProjectCommandResponse> {
  return requestJson(`/api/projects/${encodeURIComponent(projectId)}/deactivation`, projectCommandResponse, { method: 'POST', body: request });
}

export function useDeactivateProject() {
  return useRefreshingMutation({ mutationFn: deactivateProject, refreshes: projectDecisionRefreshes });
}
