import { z } from 'zod';
import { creditAmount } from '../shared/bounded-amounts.js';
import { freeText } from '../shared/free-text.js';
import { cancellationReasons, tokenIdPattern } from '../credit-market/credit-market.constants.js';

/**
 * POST /api/cancel: cancel tradable serials of a batch, lowest first, without a claim. A holder
 * cancels their own (reason `voluntary`); the registry names any account and may give any reason.
 */
export const cancelCreditsRequest = z.object({
  tokenId: z.string({ error: 'Token ID is required' }).trim().regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
  amount: creditAmount({ label: 'Amount', requiredMessage: 'Amount is required' }),
  reason: z.enum(cancellationReasons, { error: 'Choose a reason' }),
  note: freeText({ label: 'Note', max: 500, multiline: true }).default(''),
  /** Whose serials: the caller's own when absent; another account's only for the registry. */
  accountId: z.string().trim().min(1).max(200).optional(),
});
export type CancelCreditsRequest = z.input<typeof cancelCreditsRequest>;
export type CancelCreditsCommand = z.output<typeof cancelCreditsRequest>;

export const cancelCreditsResponse = z.object({
  cancellationId: z.uuid(),
  quantity: z.number().int(),
  serialRanges: z.array(z.string()),
  position: z.string(),
});
export type CancelCreditsResponse = z.infer<typeof cancelCreditsResponse>;
