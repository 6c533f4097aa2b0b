import { createHash, randomUUID } from 'node:crypto';
import { chainContent, comparePositions, DuplicateEventId, type EventToAppend, type RecordedEvent, WrongExpectedVersion } from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test-support/test-database.js';
import { createPool } from '../../infrastructure/postgres/database.js';
import { runMigrations } from '../../schema-migrations.js';
import { sampleEvent } from '../../test-support/sample-events.js';
import { describeEventStoreContract } from '../../test-support/event-store-contract-suite.js';
import { PostgresEventStore } from './postgres-event-store.js';

const pgTypes = pg.types;

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es');
  const pool = createPool(database.connectionString, 40);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await runMigrations(db, { eventStore: true });
  const store = new PostgresEventStore(pool, { connectionString: database.connectionString });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
});

/** What only this adapter does: group commit, and hash chains continued from heads it remembers. */
describe('PostgresEventStore: batches and remembered heads', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let db: Kysely<unknown>;
  let mine: PostgresEventStore;
  let theirs: PostgresEventStore;

  function event(type: string, data: Record<string, unknown> = {}): EventToAppend {
    return { ...sampleEvent(0), type, data };
  }

  async function chainHolds(store: PostgresEventStore, streamId: string): Promise<boolean> {
    let previous = Buffer.alloc(0);
    for (const recorded of await store.readStream(streamId)) {
      previous = createHash('sha256').update(previous).update(chainContent(recorded), 'utf8').digest();
      if (recorded.hash !== previous.toString('hex')) return false;
    }
    return true;
  }

  beforeAll(async () => {
    database = await createTestDatabase('es_batch');
    pool = createPool(database.connectionString, 20);
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await runMigrations(db, { eventStore: true });
    // Two stores on one database stand for two processes: each remembers only its own heads.
    mine = new PostgresEventStore(pool, { connectionString: database.connectionString });
    theirs = new PostgresEventStore(pool, { connectionString: database.connectionString });
  });
  afterAll(async () => {
    await mine.close();
    await theirs.close();
    await db.destroy();
    await database.drop();
  });

  it('writes atomic appends to several streams that wait together in one commit, each whole; one with a stale head is refused whole', async () => {
    const streams = Array.from({ length: 6 }, (_, n) => `atomic-${n}-${randomUUID()}`);
    for (const streamId of streams) await mine.appendToStream(streamId, [event('Opened')], { expected: 'no_stream' });
    const reserveAndPlace = (market: string, cash: string) =>
      mine.appendToStreams([
        { streamId: cash, events: [event('Reserved')], expected: 0n },
        { streamId: market, events: [event('OrderPlaced'), event('TradeExecuted')], expected: 0n },
      ]);
    await Promise.all([reserveAndPlace(streams[0]!, streams[1]!), reserveAndPlace(streams[2]!, streams[3]!)]);
    const stored = await Promise.all(streams.map((streamId) => mine.readStream(streamId)));
    // Both waited for one batch: one commit for the four parts.
    expect(new Set(stored.slice(0, 4).flatMap((events) => events.slice(1).map((recorded) => recorded.position.commit))).size).toBe(1);

    // Another process moves the cash stream: this store's head for it is stale, and the append goes alone and is refused whole.
    await theirs.appendToStream(streams[5]!, [event('Deposited')], { expected: 0n });
    await expect(reserveAndPlace(streams[4]!, streams[5]!)).rejects.toMatchObject({ streamId: streams[5], actual: 1n });
    expect((await mine.readStream(streams[4]!)).map((recorded) => recorded.type)).toEqual(['Opened']);
    expect((await mine.readStream(streams[5]!)).map((recorded) => recorded.type)).toEqual(['Opened', 'Deposited']);
    for (const streamId of streams) expect(await chainHolds(mine, streamId)).toBe(true);
  });

  it('refuses a remembered head that another writer moved on, then continues the chain from the real head', async () => {
    const streamId = `moved-${randomUUID()}`;
    await mine.appendToStream(streamId, [event('A')], { expected: 'no_stream' });
    await theirs.appendToStream(streamId, [event('B')], { expected: 0n });

    const stale = mine.appendToStream(streamId, [event('C')], { expected: 0n });
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersion);
    await expect(stale).rejects.toMatchObject({ actual: 1n });

    // 'any' starts from the head this store remembers (version 0), collides with B, and is retried alone.
    const any = await mine.appendToStream(streamId, [event('D')], { expected: 'any' });
    expect(any.nextExpectedVersion).toBe(2n);
    expect((await mine.readStream(streamId)).map((recorded) => recorded.type)).toEqual(['A', 'B', 'D']);
    expect(await chainHolds(mine, streamId)).toBe(true);
  });

  it('writes concurrent appends in one go, and a failed expectation among them costs the others nothing', async () => {
    const streams = Array.from({ length: 12 }, (_, index) => `batch-${index}-${randomUUID()}`);
    await Promise.all(streams.map((streamId) => mine.appendToStream(streamId, [event('Opened')], { expected: 'no_stream' })));
    const outcomes = await Promise.allSettled(
      streams.map((streamId, index) =>
        mine.appendToStream(streamId, [event('Moved', { index }), event('Moved', { index, second: true })], {
          expected: index === 5 ? 7n : 0n,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(11);
    const refused = outcomes[5];
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(WrongExpectedVersion);
    for (const [index, streamId] of streams.entries()) {
      expect((await theirs.readStream(streamId)).length).toBe(index === 5 ? 1 : 3);
      expect(await chainHolds(theirs, streamId)).toBe(true);
    }
  });

  it('answers 1,000 conflicting appends with the actual version, with a failed statement only per stale head and no lost connection', async () => {
    const streams = Array.from({ length: 4 }, (_, index) => `shared-${index}-${randomUUID()}`);
    for (const streamId of streams) {
      await mine.appendToStream(streamId, [event('Opened')], { expected: 'no_stream' });
      await theirs.appendToStream(streamId, [event('Moved')], { expected: 0n });
    }
    let opened = 0;
    let removed = 0;
    let failedStatements = 0;
    const countOpened = (): void => void (opened += 1);
    const countRemoved = (): void => void (removed += 1);
    pool.on('connect', countOpened);
    pool.on('remove', countRemoved);
    const query = pool.query;
    pool.query = ((...args: Parameters<typeof query>) =>
      (query.apply(pool, args) as unknown as Promise<unknown>).catch((error: unknown) => {
        failedStatements += 1;
        throw error;
      })) as typeof query;
    try {
      // 16 writers that each still believe every stream is at version 0, as after another process moved them.
      const writers = Array.from({ length: 16 }, async (_, writer) => {
        const actual: bigint[] = [];
        for (let attempt = writer; attempt < 1_000; attempt += 16) {
          const streamId = streams[attempt % streams.length] ?? '';
          const refused = await mine.appendToStream(streamId, [event('Stale')], { expected: 0n }).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(refused).toBeInstanceOf(WrongExpectedVersion);
          actual.push((refused as WrongExpectedVersion).actual as bigint);
        }
        return actual;
      });
      const actual = (await Promise.all(writers)).flat();
      expect(actual).toHaveLength(1_000);
      expect(new Set(actual)).toEqual(new Set([1n]));
    } finally {
      pool.query = query;
      pool.off('connect', countOpened);
      pool.off('remove', countRemoved);
    }
    expect(removed).toBe(0);
    // The batch answers a refused expectation itself; only the discovery that a remembered
    // head went stale (another writer moved the stream) costs one refused statement.
    expect(failedStatements).toBeLessThanOrEqual(streams.length);
    // Up to the pool's size may be opened for the concurrency itself, never one per refusal.
    expect(opened).toBeLessThanOrEqual(20);
  });

  it('answers every append of a race on one stream in one round trip: one wins, the rest learn its version', async () => {
    const streamId = `race-${randomUUID()}`;
    await theirs.appendToStream(streamId, [event('Opened')], { expected: 'no_stream' });
    // mine does not know the head: all twelve go to the database together.
    let appendStatements = 0;
    const query = pool.query;
    pool.query = ((...args: Parameters<typeof query>) => {
      if (JSON.stringify(args[0]).includes('from append_')) appendStatements += 1;
      return query.apply(pool, args);
    }) as typeof query;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) => mine.appendToStream(streamId, [event('Raced', { index })], { expected: 0n })),
    ).finally(() => {
      pool.query = query;
    });
    expect(appendStatements).toBe(1);
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ name: 'WrongExpectedVersion', actual: 1n });
    }
    // Appends under 'any' waiting together all land, in the order they came, on one chain.
    await Promise.all(Array.from({ length: 5 }, (_, index) => mine.appendToStream(streamId, [event('Any', { index })], { expected: 'any' })));
    const stored = await theirs.readStream(streamId);
    expect(stored.map((recorded) => recorded.type)).toEqual(['Opened', 'Raced', 'Any', 'Any', 'Any', 'Any', 'Any']);
    expect(stored.slice(2).map((recorded) => (recorded.data as { index: number }).index)).toEqual([0, 1, 2, 3, 4]);
    expect(await chainHolds(theirs, streamId)).toBe(true);
  });

  it('answers a retried append with the first answer, from either store', async () => {
    const streamId = `retry-${randomUUID()}`;
    const events = [event('A'), event('B')];
    const first = await mine.appendToStream(streamId, events, { expected: 'no_stream' });
    const again = await mine.appendToStream(streamId, events, { expected: 'no_stream' });
    const elsewhere = await theirs.appendToStream(streamId, events, { expected: 'no_stream' });
    for (const answer of [again, elsewhere]) {
      expect(answer.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(comparePositions(answer.position, first.position)).toBe(0);
    }
    expect(await mine.readStream(streamId)).toHaveLength(2);
  });

  it('answers one append sent at once by two processes, four times each, as one write and seven retries', async () => {
    const streamId = `twice-${randomUUID()}`;
    await theirs.appendToStream(streamId, [event('Opened')], { expected: 'no_stream' });
    const events = [event('A'), event('B')];
    const answers = await Promise.all(
      [mine, theirs, mine, theirs, mine, theirs, mine, theirs].map((store) => store.appendToStream(streamId, events, { expected: 0n })),
    );
    expect(answers.filter((answer) => !answer.alreadyAppended)).toHaveLength(1);
    expect(new Set(answers.map((answer) => `${answer.nextExpectedVersion}:${answer.position.commit}:${answer.position.prepare}`)).size).toBe(1);
    expect((await mine.readStream(streamId)).map((recorded) => recorded.type)).toEqual(['Opened', 'A', 'B']);
    expect(await chainHolds(mine, streamId)).toBe(true);
  });

  it('refuses an event id that is taken by another stream and writes nothing of that append', async () => {
    const taken = event('A');
    await mine.appendToStream(`owner-${randomUUID()}`, [taken], { expected: 'no_stream' });
    const thief = `thief-${randomUUID()}`;
    await expect(mine.appendToStream(thief, [event('X'), taken], { expected: 'no_stream' })).rejects.toBeInstanceOf(DuplicateEventId);
    expect(await mine.readStream(thief)).toEqual([]);
  });

  it('refuses stream ids, event types and event ids that cannot travel one per line', async () => {
    await expect(mine.appendToStream('two\nlines', [event('A')], { expected: 'any' })).rejects.toThrow(RangeError);
    await expect(mine.appendToStream(`ok-${randomUUID()}`, [event('Two\nLines')], { expected: 'any' })).rejects.toThrow(RangeError);
    await expect(mine.appendToStream(`ok-${randomUUID()}`, [{ ...event('A'), eventId: 'not-a-uuid' }], { expected: 'any' })).rejects.toThrow(RangeError);
    await expect(mine.appendToStream('', [event('A')], { expected: 'any' })).rejects.toThrow(RangeError);
  });

  it('a catch-up reader gets the log as one read would, its next batch read early, and never an early short batch', async () => {
    const reader = new PostgresEventStore(pool, { connectionString: database.connectionString });
    try {
      const start = await reader.headPosition();
      const streamId = `catch-up-${randomUUID()}`;
      const events = (count: number, from: number): EventToAppend[] => Array.from({ length: count }, (_, n) => event('C', { n: from + n }));
      await mine.appendToStream(streamId, events(600, 0), { expected: 'no_stream' });
      await mine.appendToStream(streamId, events(600, 600), { expected: 599n });

      const first = await reader.readAll({ after: start, limit: 500 });
      const second = await reader.readAll({ after: first.at(-1)!.position, limit: 500 });
      // The read after `second` (200 events) was started early; these arrive after it started.
      await mine.appendToStream(streamId, events(5, 1_200), { expected: 1_199n });
      const third = await reader.readAll({ after: second.at(-1)!.position, limit: 500 });

      expect([first.length, second.length, third.length]).toEqual([500, 500, 205]);
      const read = [...first, ...second, ...third];
      expect(read.map((recorded) => (recorded.data as { n: number }).n)).toEqual(Array.from({ length: 1_205 }, (_, n) => n));
      const once = await theirs.readAll({ after: start, limit: 5_000 });
      expect(read).toEqual(once);
      expect(read.at(-1)?.hash).toBe((await theirs.readStream(streamId)).at(-1)?.hash);
    } finally {
      await reader.close();
    }
  });

  it('counts the lag a health check shows without reading the events: up to the cap, by type, with the first one recorded', async () => {
    const start = await mine.headPosition();
    const streamId = `lag-${randomUUID()}`;
    await mine.appendToStream(streamId, [event('LagA'), event('LagB'), event('LagA'), event('LagB'), event('LagB')], { expected: 'no_stream' });
    const read = await mine.readAll({ after: start, limit: 100 });
    expect(await mine.countAfter(start, 100)).toEqual({ count: 5, oldestRecordedAt: read[0]!.metadata.recordedAt });
    expect(await mine.countAfter(start, 3)).toEqual({ count: 3, oldestRecordedAt: read[0]!.metadata.recordedAt });
    const [, second] = read;
    expect(await mine.countAfter(start, 100, new Set(['LagB']))).toEqual({ count: 3, oldestRecordedAt: second!.metadata.recordedAt });
    expect(await mine.countAfter(read.at(-1)!.position, 100)).toEqual({ count: 0, oldestRecordedAt: undefined });
    // It looks at `cap` events of the log at most, whatever the types: LagB events past the first 2 are not looked for.
    expect(await mine.countAfter(start, 2, new Set(['LagB']))).toEqual({ count: 1, oldestRecordedAt: second!.metadata.recordedAt });
    expect(await mine.countAfter(start, 1, new Set(['LagB']))).toEqual({ count: 0, oldestRecordedAt: undefined });
  });

  it("counts a rare type's lag by looking at the capped window, not by reading the log to find cap of them", async () => {
    const start = await mine.headPosition();
    await mine.appendToStream(`rare-${randomUUID()}`, [...Array.from({ length: 400 }, () => event('Common')), event('Rare')], { expected: 'no_stream' });
    // Before, it read on past the 50 events it was capped at, to the Rare one: the whole log, for a type that never comes.
    expect(await mine.countAfter(start, 50, new Set(['Rare']))).toEqual({ count: 0, oldestRecordedAt: undefined });
    expect((await mine.countAfter(start, 1_000, new Set(['Rare']))).count).toBe(1);
  });

  it('stores data and metadata as the canonical text the hash covers', async () => {
    const streamId = `text-${randomUUID()}`;
    await mine.appendToStream(streamId, [event('A', { zeta: 1, alpha: { b: [1, 'x'], a: null } })], { expected: 'no_stream' });
    const stored = await pool.query<{ data: string }>('select data::text as data from events where stream_id = $1', [streamId]);
    expect(stored.rows[0]?.data).toBe('{"alpha":{"a":null,"b":[1,"x"]},"zeta":1}');
  });

  it("reads events as stored when another library has changed pg's process-wide type parsers (Emmett's dumbo in bench:peers)", async () => {
    const streamId = `parsers-${randomUUID()}`;
    const data = { quantity: 2 ** 60, price: '12.50', nested: { serials: [1, 2, 3] } };
    const appended = await mine.appendToStream(streamId, [event('ParsersChecked', data)], { expected: 'no_stream' });
    const before = { json: pgTypes.getTypeParser(114), int8: pgTypes.getTypeParser(20) };
    // What dumbo's setNodePostgresTypeParser does: JSON with a reviver that makes large integers BigInts, int8 as BigInt.
    pgTypes.setTypeParser(114, (text: string) =>
      JSON.parse(text, (_key, value: unknown) =>
        typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value) ? BigInt(value) : value,
      ),
    );
    pgTypes.setTypeParser(20, (text: string) => BigInt(text));
    try {
      const reads = [
        (await theirs.readStream(streamId))[0],
        (await theirs.findEvents([(await mine.readStream(streamId))[0]!.eventId]))[0],
        (await theirs.readAll({ after: { commit: appended.position.commit - 1n, prepare: 0n }, limit: 1_000 })).find((one) => one.streamId === streamId),
      ];
      for (const read of reads) {
        expect(read?.data).toEqual(data);
        expect(typeof (read?.data as { quantity: unknown }).quantity).toBe('number');
        expect(read?.streamVersion).toBe(0n);
      }
      expect(await chainHolds(theirs, streamId)).toBe(true);
    } finally {
      pgTypes.setTypeParser(114, before.json);
      pgTypes.setTypeParser(20, before.int8);
    }
  });

  it("wakes another process's subscriber through NOTIFY, well before its idle poll", async () => {
    const head = await theirs.headPosition();
    const subscription = theirs.subscribeAll({ after: head, batchSize: 100 });
    const iterator = subscription[Symbol.asyncIterator]();
    const first = iterator.next();
    // Its LISTEN connection is up, and its first read found nothing and went to sleep.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const streamId = `wake-${randomUUID()}`;
    const appendedAt = performance.now();
    await mine.appendToStream(streamId, [event('Woken')], { expected: 'no_stream' });
    const batch = await first;
    const waitedMs = performance.now() - appendedAt;
    await subscription.close();
    expect(batch.done).toBe(false);
    expect((batch.value as readonly RecordedEvent[]).map((recorded) => recorded.streamId)).toEqual([streamId]);
    // The idle poll is 1 s; the NOTIFY goes out within 10 ms of the append.
    expect(waitedMs).toBeLessThan(500);
  });

  it('a read by type never passes an event of its types that commits after 5,000 events of other types', async () => {
    const types: ReadonlySet<string> = new Set(['Settled']);
    const start = await mine.headPosition();
    const subscription = mine.subscribeAll({ after: start, batchSize: 50, eventTypes: types });
    const received: RecordedEvent[] = [];
    const farthest: bigint[] = [];
    const collecting = (async () => {
      for await (const batch of subscription) {
        received.push(...batch);
        farthest.push(subscription.position!.commit);
        if (received.length >= 2) break;
      }
    })();
    const blocker = await pool.connect();
    try {
      await mine.appendToStream(`before-${randomUUID()}`, [event('Other')], { expected: 'no_stream' });
      // The late event: written by a transaction older than the appends below, committed after them.
      await blocker.query('begin');
      const lateStream = `late-${randomUUID()}`;
      const late = await blocker.query<{ out_transaction_id: string }>('select * from append_to_stream($1, $2, $3::uuid[], $4::text[], $5, $6, $7)', [
        lateStream,
        '-2',
        [randomUUID()],
        ['Settled'],
        '{}',
        JSON.stringify(sampleEvent(0).metadata),
        'late',
      ]);
      const lateXid = BigInt(late.rows[0]!.out_transaction_id);
      await Promise.all(
        Array.from({ length: 50 }, () =>
          mine.appendToStream(
            `other-${randomUUID()}`,
            Array.from({ length: 100 }, () => event('Other')),
            { expected: 'no_stream' },
          ),
        ),
      );
      const afterStream = `after-${randomUUID()}`;
      await mine.appendToStream(afterStream, [event('Settled')], { expected: 'no_stream' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mine.readAll({ after: start, limit: 10, eventTypes: types })).toEqual([]);
      expect(received).toEqual([]);
      // However far it read past other types, never past the open transaction's event.
      expect(farthest.every((commit) => commit < lateXid)).toBe(true);
      await blocker.query('commit');
      mine.transactionEnded();
      await collecting;
      expect(received.map((recorded) => recorded.streamId)).toEqual([lateStream, afterStream]);
      const paged = await mine.readAll({ after: start, limit: 1, eventTypes: types });
      expect(paged.map((recorded) => recorded.streamId)).toEqual([lateStream]);
      const next = await mine.readAll({ after: paged[0]!.position, limit: 10, eventTypes: types });
      expect(next.map((recorded) => recorded.streamId)).toEqual([afterStream]);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
      await subscription.close();
    }
  });

  it('delivers an event held back by an older open transaction as soon as that transaction ends and says so', async () => {
    const head = await mine.headPosition();
    const subscription = mine.subscribeAll({ after: head, batchSize: 100 });
    const iterator = subscription[Symbol.asyncIterator]();
    // A transaction with an id, as a projection batch has, keeps newer commits out of readers' sight.
    const blocker = await pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select pg_current_xact_id()');
      const streamId = `horizon-${randomUUID()}`;
      await mine.appendToStream(streamId, [event('HeldBack')], { expected: 'no_stream' });
      let delivered: number | undefined;
      const first = iterator.next().then((batch) => {
        delivered = performance.now();
        return batch;
      });
      // Long enough for the subscriber's retries to back off to their 1 s ceiling.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(delivered).toBeUndefined();
      await blocker.query('commit');
      const endedAt = performance.now();
      mine.transactionEnded();
      const batch = await first;
      expect((batch.value as readonly RecordedEvent[]).map((recorded) => recorded.streamId)).toEqual([streamId]);
      // Without the hint the next retry would come ~900 ms later.
      expect(delivered! - endedAt).toBeLessThan(300);
    } finally {
      blocker.release();
      await subscription.close();
    }
  });
});
