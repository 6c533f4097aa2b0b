import { startVerificationResponse, type StartVerificationRequest, type StartVerificationResponse } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export function startVerification(request: StartVerificationRequest): Promise<StartVerificationResponse> {
  return requestJson('/api/kyc/start-verification', startVerificationResponse, { method: 'POST', body: request });
}

export function useStartVerification() {
  return useMutation({ mutationFn: startVerification });
}
