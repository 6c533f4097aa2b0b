import { userResponse, type UserView } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { sessionQueryKey } from './get-session';
import type { RoleChange } from './grant-role';
import { usersQueryKey } from './list-users';

export async function revokeRole({ userId, role }: RoleChange): Promise<UserView> {
  const path = `/api/users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(role)}`;
  const { user } = await requestJson(path, userResponse, { method: 'DELETE' });
  return user;
}

export function useRevokeRole() {
  return useRefreshingMutation({
    mutationFn: revokeRole,
    // The session too: an admin may have changed their own roles.
    refreshes: [usersQueryKey, sessionQueryKey],
  });
}
