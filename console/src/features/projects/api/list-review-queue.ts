import { listProjectsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: what waits for the registry first, then every other project. */
export const reviewQueueQueryKey = ['api', 'projects', 'review-queue'] as const;

export function reviewQueueQueryOptions() {
  return queryOptions(jsonQueryAt(reviewQueueQueryKey, listProjectsResponse));
}

export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions());
}
