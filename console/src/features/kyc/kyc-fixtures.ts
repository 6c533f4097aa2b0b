import type { KycStatusResponse, StartVerificationResponse, VerifyKycResponse } from '@carbon-ledger/contracts';

export const anAddress = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

export function aStartResponse(overrides: Partial<StartVerificationResponse> = {}): StartVerificationResponse {
  return { success: true, inquiryId: 'inq_test1', templateId: 'tmpl_sandbox', environment: 'sandbox', position: '3:3', ...overrides };
}

export function aVerifyResponse(overrides: Partial<VerifyKycResponse> = {}): VerifyKycResponse {
  return { success: true, kycStatus: 'verified', amlStatus: 'cleared', riskScore: 12, position: '5:5', ...overrides };
}

export function aKycStatus(overrides: Partial<KycStatusResponse> = {}): KycStatusResponse {
  return {
    address: anAddress,
    kycStatus: 'not_started',
    amlStatus: 'not_started',
    riskScore: 0,
    expiresAt: null,
    jurisdiction: null,
    level: null,
    credential: { issued: false, txHash: null },
    ...overrides,
  };
}
