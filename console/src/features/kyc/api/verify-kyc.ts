import { verifyKycResponse, type VerifyKycRequest, type VerifyKycResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { kycStatusQueryKey } from './get-kyc-status';

export function verifyKyc(request: VerifyKycRequest): Promise<VerifyKycResponse> {
  return requestJson('/api/kyc/verify', verifyKycResponse, { method: 'POST', body: request });
}

export function useVerifyKyc() {
  return useRefreshingMutation({
    mutationFn: verifyKyc,
    // Whatever the outcome, the address's status changed (verified, pending review or rejected).
    refreshes: (request) => [kycStatusQueryKey(request.xrplAddress.trim())],
    refreshOn: 'settled',
  });
}
