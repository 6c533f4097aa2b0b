import { type EventStore, formatPosition, type Position, type LogFollowerKind, type ProjectionHealth } from '@carbon-ledger/contracts';
import type { LogFollowerRunner } from '@carbon-ledger/projections';

/** Lag counts stop here: a health check must not read the whole log. */
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

/** Events after `after` (of `types` when given), up to the cap, and when the first was recorded. */
async function lagOf(
  eventStore: EventStore,
  after: Position,
  types: ReadonlySet<string> | undefined,
): Promise<{ count: number; oldestRecordedAt: string | undefined }> {
  if (eventStore.countAfter) return eventStore.countAfter(after, LAG_COUNT_CAP, types);
  const events = await eventStore.readAll({ after, limit: LAG_COUNT_CAP, ...(types ? { eventTypes: types } : {}) });
  // An adapter that reads every type hands back others too: only the follower's count.
  const relevant = types ? events.filter((event) => types.has(event.type)) : events;
  return { count: relevant.length, oldestRecordedAt: relevant[0]?.metadata.recordedAt };
}
