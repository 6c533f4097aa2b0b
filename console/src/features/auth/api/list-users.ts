import { listUsersResponse, type ListUsersResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads; user changes invalidate it. */
export const usersQueryKey = ['api', 'users'] as const;

export function listUsers(signal?: AbortSignal): Promise<ListUsersResponse> {
  return requestJson('/api/users', listUsersResponse, { signal });
}

export function listUsersQueryOptions() {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: ({ signal }) => listUsers(signal),
  });
}

export function useUsers() {
  return useQuery(listUsersQueryOptions());
}
