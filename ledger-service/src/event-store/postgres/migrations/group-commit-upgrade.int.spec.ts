import { randomUUID } from 'node:crypto';
import { chainContent } from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../../test-support/test-database.js';
import { verifyLog } from '../../../audit/verify-log.js';
import { createPool } from '../../../infrastructure/postgres/database.js';
import { sampleEvent } from '../../../test-support/sample-events.js';
import { PostgresEventStore } from '../postgres-event-store.js';
import { eventStoreMigrations } from './index.js';

/** A log written before group commit (jsonb columns, the global_position key) upgraded in place. */
describe('event store migration 2026_11_22_000200_group_commit on a log that has events', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let db: Kysely<any>;
  let migrator: Migrator;

  beforeAll(async () => {
    database = await createTestDatabase('es_upgrade');
    pool = createPool(database.connectionString, 4);
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    migrator = new Migrator({
      db,
      provider: eventStoreMigrations,
      migrationTableName: 'event_store_migrations',
      migrationLockTableName: 'event_store_migrations_lock',
    });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('keeps every event, position and hash, and later appends continue the chains', async () => {
    const before = await migrator.migrateTo('2026_11_22_000100_drop_events_by_type');
    expect(before.error).toBeUndefined();
    // Written the way the previous code wrote: the jsonb[] append_to_stream, keys in any order.
    const streams = [`old-a-${randomUUID()}`, `old-b-${randomUUID()}`];
    for (const streamId of streams) {
      const events = [sampleEvent(1), { ...sampleEvent(2), data: { zeta: 1, alpha: [2, { b: 1, a: 'x' }] } }];
      await pool.query('select * from append_to_stream($1, -2, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[])', [
        streamId,
        events.map((event) => event.eventId),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata)),
        events.map((event) => chainContent({ streamId, ...event })),
      ]);
    }
    const rowsBefore = await pool.query('select global_position, stream_id, stream_version, hash, transaction_id from events order by global_position');

    const latest = await migrator.migrateToLatest();
    expect(latest.error).toBeUndefined();
    const rowsAfter = await pool.query('select global_position, stream_id, stream_version, hash, transaction_id from events order by global_position');
    expect(rowsAfter.rows).toEqual(rowsBefore.rows);

    const store = new PostgresEventStore(pool, { connectionString: database.connectionString });
    try {
      expect((await verifyLog(store)).ok).toBe(true);
      for (const streamId of streams) {
        // One store appends at a version it has not read (the database reads the head), the other after reading.
        await store.appendToStream(streamId, [sampleEvent(3)], { expected: 1n });
        await store.readStream(streamId);
        await store.appendToStream(streamId, [sampleEvent(4)], { expected: 2n });
      }
      expect((await store.readAll({ limit: 100 })).length).toBe(8);
      expect((await verifyLog(store)).ok).toBe(true);
    } finally {
      await store.close();
    }
  });
});
