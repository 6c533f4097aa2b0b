import { heldDepositView, type HeldDepositView } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { fundsQueryKey } from './get-funds';

export function refundHeldDeposit({ txHash }: { txHash: string }): Promise<HeldDepositView> {
  return requestJson(`/api/funds/held-deposits/${encodeURIComponent(txHash)}/refund`, heldDepositView, { method: 'POST' });
}

export function useRefundHeldDeposit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundHeldDeposit, onSettled: () => queryClient.invalidateQueries({ queryKey: fundsQueryKey }) });
}
