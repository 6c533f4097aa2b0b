import { fundsView, type FundsView } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { fundsQueryKey } from './get-funds';

export function claimTestUsd(amount: string): Promise<FundsView> {
  return requestJson('/api/funds/faucet', fundsView, { method: 'POST', body: { amount } });
}

export function useClaimTestUsd() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: claimTestUsd, onSuccess: () => queryClient.invalidateQueries({ queryKey: fundsQueryKey }) });
}
