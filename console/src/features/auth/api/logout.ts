import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HttpError, requestJson } from '../../../shared/api/http';

const noContent = { parse: (): void => undefined };

/** An expired session is as good as signed out, so a 401 is not a failure here. */
export async function logout(): Promise<void> {
  try {
    await requestJson('/api/auth/logout', noContent, { method: 'POST' });
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return;
    throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      // Leave the guarded page first: clearing while it is shown would make the guard
      // redirect to the login dialog instead of the landing page.
      await navigate('/', { replace: true });
      queryClient.clear();
    },
  });
}
