import { listRegistryBatchesResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads, newest first a page at a time: every batch with its serial range, buffer share and origin. */
export const publicBatchesQueryKey = ['api', 'registry', 'batches'] as const;

export function publicBatchesQueryOptions() {
  return cursorPagesAt(publicBatchesQueryKey, listRegistryBatchesResponse);
}

export function usePublicBatches() {
  return useInfiniteQuery(publicBatchesQueryOptions());
}
