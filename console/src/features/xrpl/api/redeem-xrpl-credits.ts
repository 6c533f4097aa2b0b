import {
  xrplPrepareResponse,
  type XrplPrepareResponse,
  type XrplRedeemPrepareRequest,
  type XrplRedeemResponse,
  xrplRedeemResponse,
  type XrplSubmitRequest,
} from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { runSignedAction, type SignedActionInput } from '../xrpl-signed-action';
import { vaultMovedQueryKeys } from './get-vault-reserves';

/** One Payment of NXCC back to the issuer; tokenId names the vault batch the serials will come from. */
export function prepareXrplRedeem(request: XrplRedeemPrepareRequest): Promise<XrplPrepareResponse> {
  return requestJson('/api/xrpl/redeem/prepare', xrplPrepareResponse, { method: 'POST', body: request });
}

export function submitXrplRedeem(submission: XrplSubmitRequest): Promise<XrplRedeemResponse> {
  return requestJson('/api/xrpl/redeem', xrplRedeemResponse, { method: 'POST', body: submission });
}

export function redeemXrplCredits(input: SignedActionInput<XrplRedeemPrepareRequest>): Promise<XrplRedeemResponse> {
  return runSignedAction(input, prepareXrplRedeem, submitXrplRedeem);
}

/** NXCC back to the issuer, serials out of the vault to the caller: the holdings and the reserves change. */
export function useRedeemXrplCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api', 'xrpl', 'redeem'],
    mutationFn: redeemXrplCredits,
    onSuccess: () => Promise.all(vaultMovedQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
