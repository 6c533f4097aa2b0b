import { listRegistryCancellationsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads, newest first a page at a time: every cancellation with its serials and reason. */
export const publicCancellationsQueryKey = ['api', 'registry', 'cancellations'] as const;

export function publicCancellationsQueryOptions() {
  return cursorPagesAt(publicCancellationsQueryKey, listRegistryCancellationsResponse);
}

export function usePublicCancellations() {
  return useInfiniteQuery(publicCancellationsQueryOptions());
}
