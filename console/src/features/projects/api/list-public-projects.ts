import { listProjectsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads; public, no session needed. */
export const publicProjectsQueryKey = ['api', 'registry', 'projects'] as const;

export function publicProjectsQueryOptions() {
  return queryOptions(jsonQueryAt(publicProjectsQueryKey, listProjectsResponse));
}

export function usePublicProjects() {
  return useQuery(publicProjectsQueryOptions());
}
