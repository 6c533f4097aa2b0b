import { z } from 'zod';
import { tokenIdPattern } from './credit-market.constants.js';

/** An inclusive block of serial numbers of one batch. */
export const serialRange = z.object({
  batchId: z.string().regex(tokenIdPattern),
  start: z.number().int().positive(),
  end: z.number().int().positive(),
});
export type SerialRange = z.infer<typeof serialRange>;
