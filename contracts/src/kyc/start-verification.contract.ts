import { z } from 'zod';
import { kycEnvironments, kycJurisdictions, kycLevels } from './kyc.constants.js';
import { addressProofRequest } from './address-challenge.contract.js';
import { kycAddress } from './xrpl-address.js';

/** POST /api/kyc/start-verification: only with a proof that the requester holds the address's key. */
export const startVerificationRequest = z.object({
  xrplAddress: kycAddress,
  proof: addressProofRequest,
  jurisdiction: z.enum(kycJurisdictions, { error: `Jurisdiction must be one of: ${kycJurisdictions.join(', ')}` }).optional(),
  kycLevel: z.enum(kycLevels, { error: `KYC level must be one of: ${kycLevels.join(', ')}` }),
});
export type StartVerificationRequest = z.infer<typeof startVerificationRequest>;

export const startVerificationResponse = z.object({
  success: z.boolean(),
  /** The provider's inquiry ("inq_..."); the verify call names it. */
  inquiryId: z.string(),
  templateId: z.string(),
  environment: z.enum(kycEnvironments),
  /** Log position of the KycStarted event ("commit:prepare"). */
  position: z.string(),
});
export type StartVerificationResponse = z.infer<typeof startVerificationResponse>;
