import { type XrplRedeemPrepareRequest, type XrplRedeemResponse, xrplRedeemResponse } from '@carbon-ledger/contracts';
import { signedActionMutation } from '../xrpl-signed-action';
import { vaultMovedQueryKeys } from './get-vault-reserves';

/**
 * One Payment of NXCC back to the issuer (tokenId names the vault batch the serials will come from);
 * serials out of the vault to the caller: the holdings and the reserves change.
 */
export const useRedeemXrplCredits = signedActionMutation<XrplRedeemPrepareRequest, XrplRedeemResponse>({
  action: 'redeem',
  result: xrplRedeemResponse,
  refreshes: vaultMovedQueryKeys,
});
