import { type EventStore, formatPosition, type Position, type LogFollowerKind, type ProjectionHealth } from '@carbon-ledger/contracts';
import type { LogFollowerRunner } from '@carbon-ledger/projections';

/** Lag counts look at this many events of the log at most: a health check must not read the whole log. */
const LAG_COUNT_CAP = 10_000;

/** How far a projection's or reaction's runner is behind the log, and where it is stuck if it is. */
export async function logFollowerHealth(runner: LogFollowerRunner, kind: LogFollowerKind, eventStore: EventStore, now: number): Promise<ProjectionHealth> {
  const status = runner.status;
  const types = runner.follower.eventTypes;
  const [behind, pending] = await Promise.all([
    lagOf(eventStore, status.checkpoint, undefined),
    types ? lagOf(eventStore, status.checkpoint, types) : undefined,
  ]);
  const relevant = pending ?? behind;
  const state = status.state === 'failed' ? 'failed' : status.state === 'stopped' ? 'stopped' : 'running';
  const failure = status.failure;
  return {
    name: runner.follower.name,
    kind,
    checkpoint: status.checkpoint.commit < 0n ? null : formatPosition(status.checkpoint),
    lagEvents: behind.count,
    lagMs: behind.oldestRecordedAt ? Math.max(0, now - Date.parse(behind.oldestRecordedAt)) : 0,
    pendingEvents: relevant.count,
    pendingMs: relevant.oldestRecordedAt ? Math.max(0, now - Date.parse(relevant.oldestRecordedAt)) : 0,
    status: state,
    ...(failure === undefined
      ? {}
      : {
          error: failure.error,
          ...(failure.event ? { failedEvent: { position: formatPosition(failure.event.position), type: failure.event.type } } : {}),
          failingSince: new Date(failure.since).toISOString(),
          failedAttempts: failure.attempts,
        }),
  };
}

/** Of the next events after `after` (at most the cap), those of `types` when given, and when the first was recorded. */
async function lagOf(
  eventStore: EventStore,
  after: Position,
  types: ReadonlySet<string> | undefined,
): Promise<{ count: number; oldestRecordedAt: string | undefined }> {
  if (eventStore.countAfter) return eventStore.countAfter(after, LAG_COUNT_CAP, types);
  // Every type, filtered here: a read by type could search the whole log for a type that is rare.
  const events = await eventStore.readAll({ after, limit: LAG_COUNT_CAP });
  const relevant = types ? events.filter((event) => types.has(event.type)) : events;
  return { count: relevant.length, oldestRecordedAt: relevant[0]?.metadata.recordedAt };
}
