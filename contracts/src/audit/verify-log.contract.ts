import { z } from 'zod';

export const logMismatch = z.object({
  kind: z.enum(['event', 'seal', 'anchor']),
  streamId: z.string().optional(),
  streamVersion: z.string().optional(),
  eventId: z.string().optional(),
  position: z.string().optional(),
  sealNumber: z.number().int().optional(),
  reason: z.string(),
});
export type LogMismatch = z.infer<typeof logMismatch>;

/** GET /api/audit/verify */
export const verifyLogResponse = z.object({
  ok: z.boolean(),
  eventsChecked: z.number().int(),
  streamsChecked: z.number().int(),
  sealsChecked: z.number().int(),
  anchorsChecked: z.number().int(),
  /** Anchors that could not be looked up (ledger unreachable); not a mismatch, but not proven either. */
  anchorsUnchecked: z.number().int(),
  /** Events after the last seal, covered only by the hash chains so far. */
  unsealedEvents: z.number().int(),
  firstMismatch: logMismatch.optional(),
  checkedAt: z.iso.datetime(),
});
export type VerifyLogResponse = z.infer<typeof verifyLogResponse>;
