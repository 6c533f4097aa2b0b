import { withdrawFundsResponse, type WithdrawFundsRequest, type WithdrawFundsResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { fundsQueryKey } from './get-funds';

export function withdrawFunds(request: WithdrawFundsRequest): Promise<WithdrawFundsResponse> {
  return requestJson('/api/funds/withdraw', withdrawFundsResponse, { method: 'POST', body: request });
}

export function useWithdrawFunds() {
  return useRefreshingMutation({
    mutationFn: withdrawFunds,
    refreshes: [fundsQueryKey],
    refreshOn: 'settled',
  });
}
