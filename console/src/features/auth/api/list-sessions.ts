import { listSessionsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

/** Also the path it loads; revoking a session invalidates it. */
export const sessionsQueryKey = ['api', 'auth', 'sessions'] as const;

export function listSessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsQueryKey, queryFn: getJson('/api/auth/sessions', listSessionsResponse) });
}

export function useSessions() {
  return useQuery(listSessionsQueryOptions());
}
