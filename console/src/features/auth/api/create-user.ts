import { userResponse, type CreateUserRequest, type UserView } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { usersQueryKey } from './list-users';

export async function createUser(request: CreateUserRequest): Promise<UserView> {
  const { user } = await requestJson('/api/users', userResponse, { method: 'POST', body: request });
  return user;
}

export function useCreateUser() {
  return useRefreshingMutation({
    mutationFn: createUser,
    refreshes: [usersQueryKey],
  });
}
