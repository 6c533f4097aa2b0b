import { pagedProjectsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads: the signed-in proponent's projects, newest first, a page at a time. */
export const myProjectsQueryKey = ['api', 'projects', 'mine'] as const;

export function myProjectsQueryOptions() {
  return cursorPagesAt(myProjectsQueryKey, pagedProjectsResponse);
}

/** `pollMs` keeps it fresh while something waits on another party (false: no polling). */
export function useMyProjects({ pollMs = false, enabled = true }: { pollMs?: number | false; enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...myProjectsQueryOptions(), refetchInterval: pollMs, enabled });
}
