import { pagedProjectsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads: what waits for the registry first (the longest waiting first), then every other project, a page at a time. */
export const reviewQueueQueryKey = ['api', 'projects', 'review-queue'] as const;

export function reviewQueueQueryOptions() {
  return cursorPagesAt(reviewQueueQueryKey, pagedProjectsResponse);
}

export function useReviewQueue() {
  return useInfiniteQuery(reviewQueueQueryOptions());
}
