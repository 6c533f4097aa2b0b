import { userResponse, type Role, type UserView } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { sessionQueryKey } from './get-session';
import { usersQueryKey } from './list-users';

export interface RoleChange {
  userId: string;
  role: Role;
}

export async function grantRole({ userId, role }: RoleChange): Promise<UserView> {
  const path = `/api/users/${encodeURIComponent(userId)}/roles`;
  const { user } = await requestJson(path, userResponse, { method: 'POST', body: { role } });
  return user;
}

export function useGrantRole() {
  return useRefreshingMutation({
    mutationFn: grantRole,
    // The session too: an admin may have changed their own roles.
    refreshes: [usersQueryKey, sessionQueryKey],
  });
}
