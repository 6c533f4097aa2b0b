import { meResponse, type UserView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, requestJson } from '../../../shared/api/http';

/** Also the path it loads; a login, a sign-out or any 401 changes its answer. */
export const sessionQueryKey = ['api', 'auth', 'me'] as const;

/** The signed-in user, or null when there is no session (a 401 yields null, not an error). */
export async function getSession(signal?: AbortSignal): Promise<UserView | null> {
  try {
    const { user } = await requestJson('/api/auth/me', meResponse, { signal });
    return user;
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

export function isAdmin(user: UserView): boolean {
  return user.roles.includes('admin');
}
