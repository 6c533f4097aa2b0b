import { heldDepositView, type HeldDepositView } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { fundsQueryKey } from './get-funds';

export function refundHeldDeposit({ txHash }: { txHash: string }): Promise<HeldDepositView> {
  return requestJson(`/api/funds/held-deposits/${encodeURIComponent(txHash)}/refund`, heldDepositView, { method: 'POST' });
}

export function useRefundHeldDeposit() {
  return useRefreshingMutation({
    mutationFn: refundHeldDeposit,
    refreshes: [fundsQueryKey],
    refreshOn: 'settled',
  });
}
