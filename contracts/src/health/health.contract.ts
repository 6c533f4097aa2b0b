import { z } from 'zod';

/** A projection (a read model) or a reaction (what one capability does on another's events): both follow the log. */
export const logFollowerKinds = ['projection', 'reaction'] as const;
export type LogFollowerKind = (typeof logFollowerKinds)[number];

export const projectionHealth = z.object({
  name: z.string(),
  kind: z.enum(logFollowerKinds),
  /** Checkpoint "commit:prepare", or null before the first event. */
  checkpoint: z.string().nullable(),
  /** Events in the log the projection has not applied yet. */
  lagEvents: z.number().int(),
  /** Age of the oldest unapplied event in ms (0 when caught up). */
  lagMs: z.number(),
  /**
   * Events of the types it acts on that it has not handled yet (all events for a follower of every
   * type); counting stops at 10,000. 0 when nothing it handles is pending, however many others follow.
   */
  pendingEvents: z.number().int(),
  /** ms since the oldest of those was recorded (0 when none is pending): how late what it does is. */
  pendingMs: z.number(),
  status: z.enum(['running', 'stopped', 'failed']),
  error: z.string().optional(),
  /** The event it stopped at (it never skips one), when applying that event failed. */
  failedEvent: z.object({ position: z.string(), type: z.string() }).optional(),
  /** When it first failed there, and how many attempts failed since (each after a longer back-off). */
  failingSince: z.iso.datetime().optional(),
  failedAttempts: z.number().int().optional(),
});
export type ProjectionHealth = z.infer<typeof projectionHealth>;

export const healthResponse = z.object({
  /** failed (HTTP 503): a projection or reaction is stuck, named in `projections` / `reactions`, or a batch's supply does not add up (`supply`). */
  status: z.enum(['ok', 'degraded', 'failed']),
  eventStore: z.object({ adapter: z.string(), head: z.string().nullable() }),
  projections: z.array(projectionHealth),
  reactions: z.array(projectionHealth),
  /**
   * The credit registry read model's batches checked for issued = tradable + reserved + in the vault
   * + retired + cancelled (docs/cancellations-and-reversals.md); `problems` names each batch that breaks it.
   * The last check finished (at `checkedAt`; one every 10 s at most): absent until the first one ends,
   * as an answer waits half a second at most for a check under way.
   */
  supply: z.object({ batches: z.number().int(), problems: z.array(z.string()), checkedAt: z.iso.datetime() }).optional(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** "projection aml-alerts stopped at event 1042:1042 (OrderPlaced): numeric field overflow" */
export function describeStuckFollower(follower: ProjectionHealth): string {
  const where = follower.failedEvent ? ` stopped at event ${follower.failedEvent.position} (${follower.failedEvent.type})` : ' failed';
  return `${follower.kind} ${follower.name}${where}: ${follower.error ?? 'unknown error'}`;
}
