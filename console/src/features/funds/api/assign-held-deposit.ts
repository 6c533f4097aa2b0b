import { heldDepositView, type HeldDepositView } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { fundsQueryKey } from './get-funds';

export function assignHeldDeposit({ txHash, userId }: { txHash: string; userId: string }): Promise<HeldDepositView> {
  return requestJson(`/api/funds/held-deposits/${encodeURIComponent(txHash)}/assign`, heldDepositView, { method: 'POST', body: { userId } });
}

export function useAssignHeldDeposit() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignHeldDeposit, onSettled: () => queryClient.invalidateQueries({ queryKey: fundsQueryKey }) });
}
