import { randomUUID } from 'node:crypto';
import type { Position } from '@carbon-ledger/contracts';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.js';
import { createPool, createReadModels, PostgresEventStore, type ReadModels, runMigrations, toEventsToAppend } from '@carbon-ledger/ledger-service/testing';
import type { Projection } from '../runtime/projection.js';
import { LogFollowerRunner } from '../runtime/log-follower-runner.js';
import { rebuildProjection } from '../runtime/rebuild-projection.js';

export { draftedProject, issuedBatch } from './registry-events.js';

export interface ProjectionTestBed {
  readonly db: ReadModels;
  readonly store: PostgresEventStore;
  /** Appends through the event store port and waits until every projection has applied the events. */
  append(streamId: string, events: readonly { type: string; data: unknown }[]): Promise<Position>;
  /** Stops the runners and replays the whole log into each projection's tables, `batchSize` events at a time. */
  rebuild(batchSize: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * For a describe block: a test bed for `projections` started before its tests and closed after them.
 * What it answers reaches the bed once the block has started (inside tests and hooks).
 */
export function useProjectionTestBed(projections: readonly Projection[]): ProjectionTestBed {
  let started: ProjectionTestBed | undefined;
  beforeAll(async () => {
    started = await startProjectionTestBed(projections);
  });
  afterAll(async () => {
    await started?.close();
  });
  const bed = (): ProjectionTestBed => {
    if (started === undefined) throw new Error('the projection test bed starts in beforeAll');
    return started;
  };
  return {
    get db() {
      return bed().db;
    },
    get store() {
      return bed().store;
    },
    append: (streamId, events) => bed().append(streamId, events),
    rebuild: (batchSize) => bed().rebuild(batchSize),
    close: () => bed().close(),
  };
}

/** A fresh database with the event store and read models, and runners for `projections`. */
export async function startProjectionTestBed(projections: readonly Projection[]): Promise<ProjectionTestBed> {
  const database: TestDatabase = await createTestDatabase('projections');
  const connection = { connectionString: database.connectionString };
  const pool = createPool(database.connectionString);
  const db = createReadModels(pool);
  await runMigrations(db, { eventStore: true });
  const store = new PostgresEventStore(pool, connection);
  const runners = projections.map((projection) => new LogFollowerRunner(projection, { db, eventStore: store, connectionConfig: connection }));
  for (const runner of runners) runner.start();
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    for (const runner of runners) await runner.stop();
  };
  return {
    db,
    store,
    async append(streamId, events) {
      const commandId = randomUUID();
      const result = await store.appendToStream(
        streamId,
        toEventsToAppend(events, { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'test', role: 'trader' }, now: new Date() }),
        { expected: 'any' },
      );
      for (const runner of runners) {
        if (!(await runner.waitFor(result.position, 10_000))) throw new Error(`projection ${runner.follower.name} did not catch up`);
      }
      return result.position;
    },
    async rebuild(batchSize) {
      await stop();
      for (const projection of projections) {
        await rebuildProjection({ eventStore: store, connectionConfig: connection, projection, batchSize });
      }
    },
    async close() {
      await stop();
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
}
