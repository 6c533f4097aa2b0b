import { type XrplTokenizePrepareRequest, xrplTokenizePrepareResponse, type XrplTokenizeResponse, xrplTokenizeResponse } from '@carbon-ledger/contracts';
import { signedActionMutation } from '../xrpl-signed-action';
import { vaultMovedQueryKeys } from './get-vault-reserves';

/**
 * Registry credits into the vault, NXCC to the caller's address: the holdings and the reserves change.
 * Nothing to sign when the address has an NXCC trust line; otherwise its TrustSet.
 */
export const useTokenizeXrplCredits = signedActionMutation<XrplTokenizePrepareRequest, XrplTokenizeResponse>({
  action: 'tokenize',
  prepared: xrplTokenizePrepareResponse,
  result: xrplTokenizeResponse,
  refreshes: vaultMovedQueryKeys,
});
