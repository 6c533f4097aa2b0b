import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginResponse, type LoginRequest, type LoginResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';

/** The signed-in user query; a login changes its answer. */
export const currentUserQueryKey = ['api', 'auth', 'me'] as const;

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return requestJson('/api/auth/login', loginResponse, { method: 'POST', body: credentials });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
