import {
  type AddressProofRequest,
  type KycStatusResponse,
  notStartedKycStatus,
  type StartVerificationResponse,
  type VerifyKycResponse,
} from '@carbon-ledger/contracts';
import { WalletSeedMismatchError } from './address-proof';

export const anAddress = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

export function aStartResponse(overrides: Partial<StartVerificationResponse> = {}): StartVerificationResponse {
  return { success: true, inquiryId: 'inq_test1', templateId: 'tmpl_sandbox', environment: 'sandbox', position: '3:3', ...overrides };
}

export function aVerifyResponse(overrides: Partial<VerifyKycResponse> = {}): VerifyKycResponse {
  return { success: true, kycStatus: 'verified', amlStatus: 'cleared', riskScore: 12, position: '5:5', ...overrides };
}

export function aKycStatus(overrides: Partial<KycStatusResponse> = {}): KycStatusResponse {
  return { ...notStartedKycStatus(anAddress), ...overrides };
}

/** The seed a test types for anAddress; the fake below signs only with it. */
export const aSeed = 'sEdSo2xcnvLfiJquG37w2V2kzHkfuti';
export const aProof: AddressProofRequest = {
  challengeId: '0d7e1c44-59a6-4c55-8f0e-3b1f1e7a2c90',
  publicKey: `ED${'7'.repeat(64)}`,
  signature: 'A'.repeat(128),
};

/** Stands in for proveAddressControl in jsdom (@noble refuses jsdom's typed arrays); the real one is tested in node. */
export async function fakeProveAddressControl(address: string, seed: string): Promise<AddressProofRequest> {
  if (seed.trim() !== aSeed) throw new WalletSeedMismatchError('rOtherAddressOtherAddressOtherAd', address);
  return aProof;
}
