import { type QueryKey, useMutation, type UseMutationOptions, type UseMutationResult, useQueryClient } from '@tanstack/react-query';

export interface RefreshingMutationOptions<TData, TVariables> extends Omit<UseMutationOptions<TData, Error, TVariables>, 'onSuccess' | 'onSettled'> {
  /** The cached loads the change makes stale, marked once it is done so what shows them loads afresh. */
  refreshes: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]);
  /** 'settled' refreshes after a failure too: for changes the server may have made anyway. */
  refreshOn?: 'success' | 'settled';
}

/** A mutation that refreshes the loads it changes; the mutation waits for them. */
export function useRefreshingMutation<TData, TVariables>({
  refreshes,
  refreshOn = 'success',
  ...options
}: RefreshingMutationOptions<TData, TVariables>): UseMutationResult<TData, Error, TVariables> {
  const queryClient = useQueryClient();
  const refresh = (variables: TVariables) => {
    const queryKeys = typeof refreshes === 'function' ? refreshes(variables) : refreshes;
    return Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
  return useMutation(
    refreshOn === 'settled'
      ? { ...options, onSettled: (_data, _error, variables) => refresh(variables) }
      : { ...options, onSuccess: (_data, variables) => refresh(variables) },
  );
}
