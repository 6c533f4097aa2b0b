import { listRetirementsResponse } from '@carbon-ledger/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and a prefix of every single retirement's key. */
export const retirementsQueryKey = ['api', 'retirements'] as const;

/** Newest first, a page at a time: each page's nextCursor loads the one after it (null on the last). */
export function listRetirementsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: retirementsQueryKey,
    queryFn: ({ pageParam, signal }) =>
      requestJson(pageParam === null ? '/api/retirements' : `/api/retirements?cursor=${encodeURIComponent(pageParam)}`, listRetirementsResponse, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useRetirements() {
  return useInfiniteQuery(listRetirementsQueryOptions());
}
