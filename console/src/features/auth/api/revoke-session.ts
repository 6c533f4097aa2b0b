import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { sessionsQueryKey } from './list-sessions';

const noContent = { parse: (): void => undefined };

export function revokeSession(sessionId: string): Promise<void> {
  return requestJson(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, noContent, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
