import { listRegistryRetirementsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads, newest first a page at a time: every retirement with its serials, beneficiary and purpose. */
export const publicRetirementsQueryKey = ['api', 'registry', 'retirements'] as const;

export function publicRetirementsQueryOptions() {
  return cursorPagesAt(publicRetirementsQueryKey, listRegistryRetirementsResponse);
}

export function usePublicRetirements() {
  return useInfiniteQuery(publicRetirementsQueryOptions());
}
