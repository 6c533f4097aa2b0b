import { z } from 'zod';

export const projectionHealth = z.object({
  name: z.string(),
  /** Checkpoint "commit:prepare", or null before the first event. */
  checkpoint: z.string().nullable(),
  /** Events in the log the projection has not applied yet. */
  lagEvents: z.number().int(),
  /** Age of the oldest unapplied event in ms (0 when caught up). */
  lagMs: z.number(),
  status: z.enum(['running', 'stopped', 'failed']),
  error: z.string().optional(),
});

export const healthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  eventStore: z.object({ adapter: z.string(), head: z.string().nullable() }),
  projections: z.array(projectionHealth),
});
export type HealthResponse = z.infer<typeof healthResponse>;
