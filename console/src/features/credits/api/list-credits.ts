import { listCreditsResponse, type ListCreditsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and the key realtime updates of the 'credits' view invalidate. */
export const creditsQueryKey = ['api', 'credits'] as const;

export function fetchCredits(signal?: AbortSignal): Promise<ListCreditsResponse> {
  return requestJson('/api/credits', listCreditsResponse, { signal });
}

export function listCreditsQueryOptions() {
  return queryOptions({ queryKey: creditsQueryKey, queryFn: ({ signal }) => fetchCredits(signal) });
}

export function useCredits() {
  return useQuery(listCreditsQueryOptions());
}
