import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createPool } from '../infrastructure/postgres/database.js';
import { runMigrations } from '../schema-migrations.js';
import { verifyLog } from './verify-log.js';
import { sampleEvent } from '../test-support/sample-events.js';

describe('verify: hash chains of the log', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let store: PostgresEventStore;

  const event = sampleEvent;

  beforeAll(async () => {
    database = await createTestDatabase('verify');
    pool = createPool(database.connectionString);
    await runMigrations(new Kysely({ dialect: new PostgresDialect({ pool }) }), { eventStore: true });
    store = new PostgresEventStore(pool, { connectionString: database.connectionString });
    for (let stream = 0; stream < 5; stream += 1) {
      await store.appendToStream(`order-${stream}`, [event(0), event(1), event(2)], { expected: 'no_stream' });
    }
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('reports OK over an untouched log', async () => {
    const report = await verifyLog(store, { pageSize: 4 });
    expect(report).toMatchObject({ ok: true, eventsChecked: 15, streamsChecked: 5, sealsChecked: 0 });
  });

  it('hashes the JSON as stored, and still verifies an event whose stored JSON was written out again with the same values', async () => {
    const rewritten = (await store.readStream('order-2'))[2]!;
    // jsonb's text puts a space after each colon and comma and orders keys by length: not the text that was hashed.
    await pool.query('update events set data = (data::jsonb)::json, metadata = (metadata::jsonb)::json where event_id = $1', [rewritten.eventId]);
    const [stored] = (await store.readAllWithTexts({ limit: 100 })).filter((event) => event.eventId === rewritten.eventId);
    expect(stored!.dataText).toContain(': ');
    expect(stored!.data).toEqual(rewritten.data);
    const withTexts = await verifyLog(store, { pageSize: 4 });
    expect(withTexts).toMatchObject({ ok: true, eventsChecked: 15 });
    // A store that hands over no texts: the values are written canonically, with the same verdict.
    const valuesOnly = { ...store, readAll: store.readAll.bind(store), readAllWithTexts: undefined } as unknown as PostgresEventStore;
    expect(await verifyLog(valuesOnly, { pageSize: 4 })).toEqual(withTexts);
  });

  it('names an event whose stored metadata was altered, with or without the stored texts', async () => {
    const victim = (await store.readStream('order-4'))[0]!;
    await pool.query(`update events set metadata = jsonb_set(metadata::jsonb, '{actor,role}', '"admin"')::json where event_id = $1`, [victim.eventId]);
    const valuesOnly = { readAll: store.readAll.bind(store) } as unknown as PostgresEventStore;
    for (const reader of [store, valuesOnly]) {
      const report = await verifyLog(reader, { pageSize: 4 });
      expect(report.firstMismatch).toMatchObject({ streamId: 'order-4', streamVersion: '0', eventId: victim.eventId });
    }
    await pool.query(`update events set metadata = jsonb_set(metadata::jsonb, '{actor,role}', $2::jsonb)::json where event_id = $1`, [
      victim.eventId,
      JSON.stringify(victim.metadata.actor.role),
    ]);
    expect((await verifyLog(store, { pageSize: 4 })).ok).toBe(true);
  });

  it('names the first event whose stored data was altered', async () => {
    const victim = (await store.readStream('order-3'))[1]!;
    await pool.query(`update events set data = jsonb_set(data::jsonb, '{price}', '"9.99"')::json where event_id = $1`, [victim.eventId]);
    const report = await verifyLog(store, { pageSize: 4 });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({ streamId: 'order-3', streamVersion: '1', eventId: victim.eventId });
  });

  it('names a deleted event by the gap it leaves', async () => {
    const victim = (await store.readStream('order-1'))[0]!;
    await pool.query('delete from events where event_id = $1', [victim.eventId]);
    const report = await verifyLog(store, { pageSize: 100 });
    expect(report.firstMismatch).toMatchObject({ streamId: 'order-1', streamVersion: '1' });
    expect(report.firstMismatch?.reason).toContain('missing');
  });
});
