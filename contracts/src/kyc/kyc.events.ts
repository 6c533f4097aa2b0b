import { z } from 'zod';
import { isoCountryCodes } from '../shared/countries.js';
import { amlScreeningResults, kycEnvironments, kycJurisdictions, kycLevels, kycProviderNames, kycRejectionReasons } from './kyc.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

const address = z.string().min(25).max(35);
const riskScore = z.number().int().min(0).max(100);

export const kycStartedData = z.object({
  address,
  inquiryId: z.string().min(1),
  templateId: z.string().min(1),
  provider: z.enum(kycProviderNames),
  environment: z.enum(kycEnvironments),
  jurisdiction: z.enum(kycJurisdictions).nullable(),
  level: z.enum(kycLevels),
  /** The signed-in user who started it; owns the address's KYC record from then on. */
  ownerId: z.string().min(1),
  startedAt: z.iso.datetime(),
  /**
   * How the starter proved holding the address's key: the server's challenge text signed by it,
   * kept so an auditor can check it offline. Absent on claims recorded before proofs were asked.
   */
  addressProof: z
    .object({
      method: z.literal('signed-challenge'),
      challengeId: z.uuid(),
      message: z.string().min(1).max(1_000),
      publicKey: z.string().regex(/^(0[23][0-9A-F]{64}|ED[0-9A-F]{64})$/),
      signature: z.string().regex(/^[0-9A-F]{128,144}$/),
    })
    .optional(),
});

/** A claim of the address by one user ended by another who proved holding its key. */
export const kycClaimSupersededData = z.object({
  address,
  previousOwnerId: z.string().min(1),
  ownerId: z.string().min(1),
  /** Whether the ended claim had proved the key (false: recorded before proofs were asked). */
  previousClaimProven: z.boolean(),
  supersededAt: z.iso.datetime(),
});

/** One sanctions-list entry the screened name resembles. */
export const sanctionsMatch = z.object({
  /** The list's own id of the entry (OFAC: ent_num). */
  entryId: z.string(),
  listName: z.string(),
  matchedName: z.string(),
  /** Similarity 0-1 after normalising case, diacritics and word order. */
  score: z.number().min(0).max(1),
  program: z.string().nullable(),
});
export type SanctionsMatch = z.infer<typeof sanctionsMatch>;

export const amlScreenedData = z.object({
  address,
  inquiryId: z.string().min(1),
  result: z.enum(amlScreeningResults),
  riskScore,
  matches: z.array(sanctionsMatch),
  /** Which list and how many names it held, so an auditor can tell what the screening saw. */
  listName: z.string(),
  listEntries: z.number().int().min(0),
  screenedAt: z.iso.datetime(),
});

export const kycVerifiedData = z.object({
  address,
  inquiryId: z.string().min(1),
  riskScore,
  level: z.enum(kycLevels),
  jurisdiction: z.enum(kycJurisdictions).nullable(),
  /** Country of the verified identity (ISO 3166-1 alpha-2). */
  country: z.enum(isoCountryCodes),
  verifiedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const kycRejectedData = z.object({
  address,
  inquiryId: z.string().min(1),
  reason: z.enum(kycRejectionReasons),
  rejectedAt: z.iso.datetime(),
});

export const kycExpiredData = z.object({
  address,
  expiresAt: z.iso.datetime(),
  expiredAt: z.iso.datetime(),
});

/** The XRPL credential (CredentialCreate by the KYC issuer wallet) for one verification, named by its expiresAt. */
export const kycCredentialIssuedData = z.object({
  address,
  credentialType: z.literal('KYC'),
  issuer: z.string(),
  txHash: z.string().regex(/^[0-9A-F]{64}$/),
  expiresAt: z.iso.datetime(),
  issuedAt: z.iso.datetime(),
});

export const kycEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('KycStarted'), data: kycStartedData }),
  z.object({ type: z.literal('KycClaimSuperseded'), data: kycClaimSupersededData }),
  z.object({ type: z.literal('AmlScreened'), data: amlScreenedData }),
  z.object({ type: z.literal('KycVerified'), data: kycVerifiedData }),
  z.object({ type: z.literal('KycRejected'), data: kycRejectedData }),
  z.object({ type: z.literal('KycExpired'), data: kycExpiredData }),
  z.object({ type: z.literal('KycCredentialIssued'), data: kycCredentialIssuedData }),
]);
export type KycEvent = z.infer<typeof kycEvent>;
export type KycStarted = Extract<KycEvent, { type: 'KycStarted' }>;
export type KycClaimSuperseded = Extract<KycEvent, { type: 'KycClaimSuperseded' }>;
export type AmlScreened = Extract<KycEvent, { type: 'AmlScreened' }>;
export type KycVerified = Extract<KycEvent, { type: 'KycVerified' }>;
export type KycRejected = Extract<KycEvent, { type: 'KycRejected' }>;
export type KycExpired = Extract<KycEvent, { type: 'KycExpired' }>;
export type KycCredentialIssued = Extract<KycEvent, { type: 'KycCredentialIssued' }>;

export const kycEventTypes = eventTypesOf(kycEvent);

/** Narrows a recorded event of the log (validated when it was appended) to a KYC event. */
export const isKycEvent = eventGuard<KycEvent>(kycEventTypes);

/** One stream per XRPL address. */
export const kycStreamId = (address: string): string => `kyc-${address}`;
