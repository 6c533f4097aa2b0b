import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { sessionsQueryKey } from './list-sessions';

const noContent = { parse: (): void => undefined };

export function revokeSession(sessionId: string): Promise<void> {
  return requestJson(`/api/auth/sessions/${encodeURIComponent(sessionId)}`, noContent, { method: 'DELETE' });
}

export function useRevokeSession() {
  return useRefreshingMutation({
    mutationFn: revokeSession,
    refreshes: [sessionsQueryKey],
    refreshOn: 'settled',
  });
}
