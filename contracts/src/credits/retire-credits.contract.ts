import { z } from 'zod';
import { creditAmount } from '../shared/bounded-amounts.js';
import { freeText } from '../shared/free-text.js';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { DEFAULT_OFFSET_TYPE, offsetTypes } from './credits.constants.js';
import { DEFAULT_RETIREMENT_USE, retirementUses } from '../credit-market/credit-use.js';
import { DEFAULT_RETIREMENT_STANDARD, retirementStandards } from '../credit-market/credit-market.constants.js';

/** POST /api/retire: retire part of a batch the caller holds, on behalf of a beneficiary. */
export const retireCreditsRequest = z.object({
  tokenId: z.string({ error: 'Token ID is required' }).trim().regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
  amount: creditAmount({ label: 'Amount', requiredMessage: 'Amount is required' }),
  beneficiary: freeText({ label: 'Beneficiary', min: 1, max: 200 }),
  purpose: freeText({ label: 'Purpose', max: 500, multiline: true }).default(''),
  standard: z.enum(retirementStandards).default(DEFAULT_RETIREMENT_STANDARD),
  offsetType: z.enum(offsetTypes).default(DEFAULT_OFFSET_TYPE),
  /** What the retirement counts for; a use the batch does not qualify for is refused (docs/credit-use.md). */
  use: z.enum(retirementUses, { error: `Use must be one of: ${retirementUses.join(', ')}` }).default(DEFAULT_RETIREMENT_USE),
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
