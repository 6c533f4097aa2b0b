import { userResponse, type Role, type UserView } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantRole,
    // The session too: an admin may have changed their own roles.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: usersQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]),
  });
}
