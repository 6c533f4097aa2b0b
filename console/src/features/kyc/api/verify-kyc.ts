import { verifyKycResponse, type VerifyKycRequest, type VerifyKycResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { kycStatusQueryKey } from './get-kyc-status';

export function verifyKyc(request: VerifyKycRequest): Promise<VerifyKycResponse> {
  return requestJson('/api/kyc/verify', verifyKycResponse, { method: 'POST', body: request });
}

export function useVerifyKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyKyc,
    // Whatever the outcome, the address's status changed (verified, pending review or rejected).
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: kycStatusQueryKey(request.xrplAddress.trim()) }),
  });
}
