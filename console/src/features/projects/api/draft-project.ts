import { projectCommandResponse, type DraftProjectRequest, type ProjectCommandResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectsQueryKeyPrefix } from './query-keys';

/** The proponent is the signed-in user. */
export function draftProject(request: DraftProjectRequest): Promise<ProjectCommandResponse> {
  return requestJson('/api/projects', projectCommandResponse, { method: 'POST', body: request });
}

export function useDraftProject() {
  return useRefreshingMutation({ mutationFn: draftProject, refreshes: [projectsQueryKeyPrefix] });
}
