import { type EventStore, formatPosition, type LogFollowerKind, type ProjectionHealth } from '@carbon-ledger/contracts';
import type { LogFollowerRunner } from '@carbon-ledger/projections';

/** Lag counts stop here: a health check must not read the whole log. */
const LAG_COUNT_CAP = 10_000;

/** How far a projection's or reaction's runner is behind the log, and where it is stuck if it is. */
export async function logFollowerHealth(runner: LogFollowerRunner, kind: LogFollowerKind, eventStore: EventStore, now: number): Promise<ProjectionHealth> {
  const status = runner.status;
  const types = runner.follower.eventTypes;
  const [behind, pending] = await Promise.all([
    eventStore.readAll({ after: status.checkpoint, limit: LAG_COUNT_CAP }),
    types ? eventStore.readAll({ after: status.checkpoint, limit: LAG_COUNT_CAP, eventTypes: types }) : undefined,
  ]);
  const oldest = behind[0];
  // An adapter that reads every type hands back others too: only the follower's count.
  const relevant = pending ? pending.filter((event) => types!.has(event.type)) : behind;
  const oldestPending = relevant[0];
  const state = status.state === 'failed' ? 'failed' : status.state === 'stopped' ? 'stopped' : 'running';
  const failure = status.failure;
  return {
    name: runner.follower.name,
    kind,
    checkpoint: status.checkpoint.commit < 0n ? null : formatPosition(status.checkpoint),
    lagEvents: behind.length,
    lagMs: oldest ? Math.max(0, now - Date.parse(oldest.metadata.recordedAt)) : 0,
    pendingEvents: relevant.length,
    pendingMs: oldestPending ? Math.max(0, now - Date.parse(oldestPending.metadata.recordedAt)) : 0,
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
