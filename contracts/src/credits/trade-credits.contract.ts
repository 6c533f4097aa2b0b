import { z } from 'zod';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';

const TOKEN_REQUIRED = 'Token ID, amount and buyer account ID are required';

/** POST /api/trade (spec: Trade payload): a direct transfer of part of a batch at an agreed price. */
export const tradeCreditsRequest = z.object({
  tokenId: z.string({ error: TOKEN_REQUIRED }).trim().min(1, TOKEN_REQUIRED).regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
  amount: z
    .number({ error: TOKEN_REQUIRED })
    .int('Amount must be a whole number')
    .positive('Amount must be greater than 0')
    .max(1_000_000_000, 'Amount must be at most 1000000000'),
  /** Registry accounts are the users' ids. */
  buyerAccountId: z.string({ error: TOKEN_REQUIRED }).trim().min(1, TOKEN_REQUIRED).pipe(z.uuid('Buyer account ID must be a registry account ID (shown on the Profile page)')),
  price: z
    .union([z.number(), z.string()], { error: 'Price must be a number' })
    .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value))
    .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Price must be a number with at most 2 decimals'))
    .refine((price) => Number(price) > 0, 'Price must be greater than 0'),
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
