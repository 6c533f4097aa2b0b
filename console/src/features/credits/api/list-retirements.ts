import { listRetirementsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../shared/api/cursor-pages';

/** Also the path it loads, and a prefix of every single retirement's key. */
export const retirementsQueryKey = ['api', 'retirements'] as const;

/** Newest first, a page at a time: each page's nextCursor loads the one after it (null on the last). */
export function listRetirementsQueryOptions() {
  return cursorPagesOptions(retirementsQueryKey, '/api/retirements', listRetirementsResponse);
}

export function useRetirements() {
  return useInfiniteQuery(listRetirementsQueryOptions());
}
