import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponse, type LoginRequest, type LoginResponse, type UserView } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { sessionQueryKey } from './get-session';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return requestJson('/api/auth/login', loginResponse, { method: 'POST', body: credentials });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // A cached "signed out" answer must not send the next guarded page back to the dialog.
      queryClient.setQueryData<UserView | null>(sessionQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
