import { heldDepositView, type HeldDepositView } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { fundsQueryKey } from './get-funds';

export function assignHeldDeposit({ txHash, userId }: { txHash: string; userId: string }): Promise<HeldDepositView> {
  return requestJson(`/api/funds/held-deposits/${encodeURIComponent(txHash)}/assign`, heldDepositView, { method: 'POST', body: { userId } });
}

export function useAssignHeldDeposit() {
  return useRefreshingMutation({
    mutationFn: assignHeldDeposit,
    refreshes: [fundsQueryKey],
    refreshOn: 'settled',
  });
}
