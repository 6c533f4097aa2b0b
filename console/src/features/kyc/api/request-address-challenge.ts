import { addressChallengeResponse, type AddressChallengeResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';

/** POST /api/kyc/address-challenge: the text the address's key signs before start-verification. */
export function requestAddressChallenge(xrplAddress: string): Promise<AddressChallengeResponse> {
  return requestJson('/api/kyc/address-challenge', addressChallengeResponse, { method: 'POST', body: { xrplAddress } });
}
