import { pagedProjectsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads: projects assigned to the signed-in verifier, what waits for them first, a page at a time. */
export const verificationQueueQueryKey = ['api', 'projects', 'verification-queue'] as const;

export function verificationQueueQueryOptions() {
  return cursorPagesAt(verificationQueueQueryKey, pagedProjectsResponse);
}

export function useVerificationQueue() {
  return useInfiniteQuery(verificationQueueQueryOptions());
}
