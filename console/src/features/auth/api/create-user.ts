import { userResponse, type CreateUserRequest, type UserView } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { usersQueryKey } from './list-users';

export async function createUser(request: CreateUserRequest): Promise<UserView> {
  const { user } = await requestJson('/api/users', userResponse, { method: 'POST', body: request });
  return user;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
