import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { HttpError } from '../../shared/api/http';
import { sessionQueryKey } from './api/get-session';

function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && error.status === 401;
}

/**
 * A 401 from any call means the session ended (expired or signed out elsewhere): re-check it,
 * so the guard sends the user to the login dialog. The session query itself answers null on
 * 401 instead of failing, so this cannot loop.
 */
export function watchSessionExpiry(queryClient: QueryClient): () => void {
  const recheck = (error: unknown): void => {
    if (isUnauthorized(error)) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

export function useSessionExpiry(): void {
  const queryClient = useQueryClient();
  useEffect(() => watchSessionExpiry(queryClient), [queryClient]);
}
