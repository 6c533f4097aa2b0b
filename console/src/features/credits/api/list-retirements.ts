import { listRetirementsResponse, type ListRetirementsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and a prefix of every single retirement's key. */
export const retirementsQueryKey = ['api', 'retirements'] as const;

export function fetchRetirements(signal?: AbortSignal): Promise<ListRetirementsResponse> {
  return requestJson('/api/retirements', listRetirementsResponse, { signal });
}

export function listRetirementsQueryOptions() {
  return queryOptions({ queryKey: retirementsQueryKey, queryFn: ({ signal }) => fetchRetirements(signal) });
}

export function useRetirements() {
  return useQuery(listRetirementsQueryOptions());
}
