import {
  type XrplTokenizePrepareRequest,
  xrplTokenizePrepareResponse,
  type XrplTokenizePrepareResponse,
  type XrplTokenizeResponse,
  xrplTokenizeResponse,
  type XrplTokenizeSubmitRequest,
} from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { runSignedAction, type SignedActionInput } from '../xrpl-signed-action';
import { vaultMovedQueryKeys } from './get-vault-reserves';

/** Nothing to sign when the address has an NXCC trust line; otherwise its TrustSet. */
export function prepareXrplTokenize(request: XrplTokenizePrepareRequest): Promise<XrplTokenizePrepareResponse> {
  return requestJson('/api/xrpl/tokenize/prepare', xrplTokenizePrepareResponse, { method: 'POST', body: request });
}

export function submitXrplTokenize(submission: XrplTokenizeSubmitRequest): Promise<XrplTokenizeResponse> {
  return requestJson('/api/xrpl/tokenize', xrplTokenizeResponse, { method: 'POST', body: submission });
}

export function tokenizeXrplCredits(input: SignedActionInput<XrplTokenizePrepareRequest>): Promise<XrplTokenizeResponse> {
  return runSignedAction(input, prepareXrplTokenize, submitXrplTokenize);
}

/** Registry credits into the vault, NXCC to the caller's address: the holdings and the reserves change. */
export function useTokenizeXrplCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api', 'xrpl', 'tokenize'],
    mutationFn: tokenizeXrplCredits,
    onSuccess: () => Promise.all(vaultMovedQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
