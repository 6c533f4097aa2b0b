import { z } from 'zod';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { DEFAULT_OFFSET_TYPE, DEFAULT_RETIREMENT_STANDARD, offsetTypes, retirementStandards } from './credits.constants.js';

/** POST /api/retire: retire part of a batch the caller holds, on behalf of a beneficiary. */
export const retireCreditsRequest = z.object({
  tokenId: z.string({ error: 'Token ID is required' }).trim().regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
  amount: z
    .number({ error: 'Amount is required' })
    .int('Amount must be a whole number')
    .positive('Amount must be greater than 0')
    .max(1_000_000_000, 'Amount must be at most 1000000000'),
  beneficiary: z.string({ error: 'Beneficiary is required' }).trim().min(1, 'Beneficiary is required').max(200),
  purpose: z.string().trim().max(500).default(''),
  standard: z.enum(retirementStandards).default(DEFAULT_RETIREMENT_STANDARD),
  offsetType: z.enum(offsetTypes).default(DEFAULT_OFFSET_TYPE),
});
export type RetireCreditsRequest = z.input<typeof retireCreditsRequest>;
export type RetireCreditsCommand = z.output<typeof retireCreditsRequest>;

export const retireCreditsResponse = z.object({
  retirementId: z.uuid(),
  quantity: z.number().int(),
  serialRanges: z.array(z.string()),
  certificateUrl: z.string(),
  position: z.string(),
});
export type RetireCreditsResponse = z.infer<typeof retireCreditsResponse>;
