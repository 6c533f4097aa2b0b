import { listSessionsResponse, type ListSessionsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads; revoking a session invalidates it. */
export const sessionsQueryKey = ['api', 'auth', 'sessions'] as const;

export function listSessions(signal?: AbortSignal): Promise<ListSessionsResponse> {
  return requestJson('/api/auth/sessions', listSessionsResponse, { signal });
}

export function listSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });
}

export function useSessions() {
  return useQuery(listSessionsQueryOptions());
}
