import { userResponse, type UserView } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { sessionQueryKey } from './get-session';
import type { RoleChange } from './grant-role';
import { usersQueryKey } from './list-users';

export async function revokeRole({ userId, role }: RoleChange): Promise<UserView> {
  const path = `/api/users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(role)}`;
  const { user } = await requestJson(path, userResponse, { method: 'DELETE' });
  return user;
}

export function useRevokeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRole,
    // The session too: an admin may have changed their own roles.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: usersQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]),
  });
}
