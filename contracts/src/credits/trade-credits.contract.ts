import { z } from 'zod';
import { creditAmount, pricePerCredit } from '../shared/bounded-amounts.js';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';

const TOKEN_REQUIRED = 'Token ID, amount and buyer account ID are required';

/** POST /api/trade (spec: Trade payload): a direct transfer of part of a batch at an agreed price. */
export const tradeCreditsRequest = z.object({
  tokenId: z.string({ error: TOKEN_REQUIRED }).trim().min(1, TOKEN_REQUIRED).regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
  amount: creditAmount({ label: 'Amount', requiredMessage: TOKEN_REQUIRED }),
  /** Registry accounts are the users' ids. */
  buyerAccountId: z
    .string({ error: TOKEN_REQUIRED })
    .trim()
    .min(1, TOKEN_REQUIRED)
    .pipe(z.uuid('Buyer account ID must be a registry account ID (shown on the Profile page)')),
  price: z
    .union([z.number(), z.string()], { error: 'Price must be a number' })
    .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value))
    .pipe(pricePerCredit()),
});
export type TradeCreditsRequest = z.input<typeof tradeCreditsRequest>;
export type TradeCreditsCommand = z.output<typeof tradeCreditsRequest>;

export const tradeCreditsResponse = z.object({
  transactionId: z.string(),
  quantity: z.number().int(),
  price: z.string(),
  serialRanges: z.array(z.string()),
  position: z.string(),
});
export type TradeCreditsResponse = z.infer<typeof tradeCreditsResponse>;
