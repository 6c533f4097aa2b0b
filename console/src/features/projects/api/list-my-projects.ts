import { listProjectsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: the signed-in proponent's projects. */
export const myProjectsQueryKey = ['api', 'projects', 'mine'] as const;

export function myProjectsQueryOptions() {
  return queryOptions(jsonQueryAt(myProjectsQueryKey, listProjectsResponse));
}

/** `pollMs` keeps it fresh while something waits on another party (false: no polling). */
export function useMyProjects({ pollMs = false, enabled = true }: { pollMs?: number | false; enabled?: boolean } = {}) {
  return useQuery({ ...myProjectsQueryOptions(), refetchInterval: pollMs, enabled });
}
