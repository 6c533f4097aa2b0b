import { listSessionsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads; revoking a session invalidates it. */
export const sessionsQueryKey = ['api', 'auth', 'sessions'] as const;

export function listSessionsQueryOptions() {
  return queryOptions(jsonQueryAt(sessionsQueryKey, listSessionsResponse));
}

export function useSessions() {
  return useQuery(listSessionsQueryOptions());
}
