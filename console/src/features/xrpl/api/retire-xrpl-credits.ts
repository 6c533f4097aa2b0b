import {
  xrplPrepareResponse,
  type XrplPrepareResponse,
  type XrplRetirePrepareRequest,
  type XrplRetireResponse,
  xrplRetireResponse,
  type XrplSubmitRequest,
} from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { runSignedAction, type SignedActionInput } from '../xrpl-signed-action';
import { vaultReservesQueryKey } from './get-vault-reserves';

export function prepareXrplRetire(request: XrplRetirePrepareRequest): Promise<XrplPrepareResponse> {
  return requestJson('/api/xrpl/retire/prepare', xrplPrepareResponse, { method: 'POST', body: request });
}

export function submitXrplRetire(submission: XrplSubmitRequest): Promise<XrplRetireResponse> {
  return requestJson('/api/xrpl/retire', xrplRetireResponse, { method: 'POST', body: submission });
}

export function retireXrplCredits(input: SignedActionInput<XrplRetirePrepareRequest>): Promise<XrplRetireResponse> {
  return runSignedAction(input, prepareXrplRetire, submitXrplRetire);
}

/** Spec 7: a successful retirement refreshes the retirements list; its serials leave the vault, so the reserves too. */
export function useRetireXrplCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api', 'xrpl', 'retire'],
    mutationFn: retireXrplCredits,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['api', 'retirements'] }),
        queryClient.invalidateQueries({ queryKey: ['api', 'enhanced-retirement'] }),
        queryClient.invalidateQueries({ queryKey: vaultReservesQueryKey }),
      ]),
  });
}
