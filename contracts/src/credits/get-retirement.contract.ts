import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { offsetTypes } from './credits.constants.js';
import { retirementStandards } from '../credit-market/credit-market.constants.js';
import { retirementRecord } from './credits.views.js';
import { retiredBatchClaimsSchema, retirementUses } from '../credit-market/credit-use.js';

export const retirementParams = z.object({ id: z.uuid('Retirement id must be a UUID') });

/**
 * The retirement certificate document. Its canonical JSON (keys sorted, no
 * spaces) hashed with sha256 gives the record's ipfsCid (CIDv1, raw codec), so
 * anyone holding the document can recompute and check it.
 */
export const retirementCertificate = z.object({
  type: z.literal('CarbonCreditRetirementCertificate'),
  version: z.literal(1),
  retirementId: z.uuid(),
  registry: z.string(),
  tokenId: z.string(),
  projectName: z.string(),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  methodology: z.string(),
  quantity: z.number().int(),
  unit: z.literal('tCO2e'),
  serialPrefix: z.string(),
  serialRanges: z.array(z.string()),
  beneficiary: z.string(),
  purpose: z.string(),
  standard: z.enum(retirementStandards),
  offsetType: z.enum(offsetTypes),
  retiredAt: z.iso.datetime(),
  /** Where the CreditsRetired event sits in the event log ("commit:prepare"). */
  logPosition: z.string(),
  /** What the retirement counts for, and its batch's authorization, adjustment and labels (docs/credit-use.md); absent on certificates from before uses were stated. */
  use: z.enum(retirementUses).optional(),
  claims: retiredBatchClaimsSchema.optional(),
});
export type RetirementCertificate = z.infer<typeof retirementCertificate>;

/** The audit seal whose Merkle root covers an event, and its XRPL anchor when written. */
export const coveringSeal = z.object({
  sealNumber: z.number().int(),
  fromPosition: z.string().nullable(),
  toPosition: z.string(),
  merkleRoot: z.string(),
  sealHash: z.string(),
  sealedAt: z.iso.datetime(),
  anchorTxHash: z.string().nullable(),
});
export type CoveringSeal = z.infer<typeof coveringSeal>;

/** GET /api/retirements/{id} (public): the record, its certificate document and how to verify it. */
export const getRetirementResponse = retirementRecord.extend({
  certificate: retirementCertificate,
  verification: z.object({
    /** The XRPL network the transactions are on (for explorer links without a session). */
    network: z.enum(['sandbox', 'testnet', 'devnet', 'mainnet']),
    /** XRPL transactions that recorded the retirement (burn or memo, NFT burn). */
    xrplTransactions: z.array(z.object({ purpose: z.string(), hash: z.string() })),
    /** null until the next seal covers the CreditsRetired event. */
    seal: coveringSeal.nullable(),
  }),
});
export type GetRetirementResponse = z.infer<typeof getRetirementResponse>;
