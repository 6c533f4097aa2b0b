import { type XrplRetirePrepareRequest, type XrplRetireResponse, xrplRetireResponse } from '@carbon-ledger/contracts';
import { signedActionMutation } from '../xrpl-signed-action';
import { vaultReservesQueryKey } from './get-vault-reserves';

/** Spec 7: a successful retirement refreshes the retirements list; its serials leave the vault, so the reserves too. */
export const useRetireXrplCredits = signedActionMutation<XrplRetirePrepareRequest, XrplRetireResponse>({
  action: 'retire',
  result: xrplRetireResponse,
  refreshes: [['api', 'retirements'], ['api', 'enhanced-retirement'], vaultReservesQueryKey],
});
