import { pagedProjectsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads; public, no session needed. Newest first, a page at a time. */
export const publicProjectsQueryKey = ['api', 'registry', 'projects'] as const;

export function publicProjectsQueryOptions() {
  return cursorPagesAt(publicProjectsQueryKey, pagedProjectsResponse);
}

export function usePublicProjects() {
  return useInfiniteQuery(publicProjectsQueryOptions());
}
