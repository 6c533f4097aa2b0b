import { withdrawFundsResponse, type WithdrawFundsRequest, type WithdrawFundsResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { fundsQueryKey } from './get-funds';

export function withdrawFunds(request: WithdrawFundsRequest): Promise<WithdrawFundsResponse> {
  return requestJson('/api/funds/withdraw', withdrawFundsResponse, { method: 'POST', body: request });
}

export function useWithdrawFunds() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawFunds, onSettled: () => queryClient.invalidateQueries({ queryKey: fundsQueryKey }) });
}
