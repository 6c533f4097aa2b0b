import { projectView, type ProjectView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, requestJson } from '../../../shared/api/http';
import { publicProjectsQueryKey } from './list-public-projects';

/** One project of the public registry; null when the registry shows none by that id (404). */
export async function fetchPublicProject(projectId: string, signal?: AbortSignal): Promise<ProjectView | null> {
  try {
    return await requestJson(`/api/registry/projects/${encodeURIComponent(projectId)}`, projectView, { signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export function publicProjectQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: [...publicProjectsQueryKey, projectId],
    queryFn: ({ signal }) => fetchPublicProject(projectId, signal),
  });
}

export function usePublicProject(projectId: string | null) {
  return useQuery({ ...publicProjectQueryOptions(projectId ?? ''), enabled: projectId !== null });
}
