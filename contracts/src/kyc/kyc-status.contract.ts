import { z } from 'zod';
import { amlStatuses, kycJurisdictions, kycLevels, kycStatuses } from './kyc.constants.js';
import { kycLookupAddress } from './xrpl-address.js';

/** GET /api/kyc/status?address= */
export const kycStatusQuery = z.object({ address: kycLookupAddress });
export type KycStatusQuery = z.infer<typeof kycStatusQuery>;

export const kycStatusResponse = z.object({
  address: z.string(),
  kycStatus: z.enum(kycStatuses),
  amlStatus: z.enum(amlStatuses),
  /** 0 (no risk found) to 100; 0 before any screening. */
  riskScore: z.number().int().min(0).max(100),
  /** When the verification lapses (in the past once it has). */
  expiresAt: z.iso.datetime().nullable(),
  jurisdiction: z.enum(kycJurisdictions).nullable(),
  level: z.enum(kycLevels).nullable(),
  /** The KYC credential on the XRP Ledger for the current verification. */
  credential: z.object({ issued: z.boolean(), txHash: z.string().nullable() }),
});
export type KycStatusResponse = z.infer<typeof kycStatusResponse>;

/** The status of an address no one has started verifying: what the service answers for it, and where every status starts. */
export function notStartedKycStatus(address: string): KycStatusResponse {
  return {
    address,
    kycStatus: 'not_started',
    amlStatus: 'not_started',
    riskScore: 0,
    expiresAt: null,
    jurisdiction: null,
    level: null,
    credential: { issued: false, txHash: null },
  };
}
