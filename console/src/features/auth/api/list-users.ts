import { listUsersResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads; user changes invalidate it. */
export const usersQueryKey = ['api', 'users'] as const;

export function listUsersQueryOptions() {
  return queryOptions(jsonQueryAt(usersQueryKey, listUsersResponse));
}

export function useUsers() {
  return useQuery(listUsersQueryOptions());
}
