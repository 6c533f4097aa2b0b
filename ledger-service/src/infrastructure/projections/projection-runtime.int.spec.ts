import { randomUUID } from 'node:crypto';
import { type AddressInfo, connect, createServer } from 'node:net';
import { comparePositions, type ProjectionName } from '@carbon-ledger/contracts';
import {
  AnnouncementReader,
  type BatchCommitted,
  orderBookProjection,
  ProjectionBusy,
  projections,
  LogFollowerRunner,
  type ProjectionWriter,
  readCheckpoint,
  rebuildProjection,
  rebuildProjections,
  SkipAnnouncements,
} from '@carbon-ledger/projections';
import pg from 'pg';
import { sql } from 'kysely';
import { parse as parseConnectionString } from 'pg-connection-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore } from '../../event-store/postgres/postgres-event-store.js';
import type { ReadModels } from '../postgres/database.js';
import { toEventsToAppend } from '../../shared/command-context.js';
import { createEventStoreDatabase, type EventStoreDatabase } from '../../test-support/event-store-database.js';
import { ProjectionHost, UnknownProjection } from './projection-host.js';

describe('projection runtime on PostgreSQL', () => {
  let database: EventStoreDatabase;
  let db: ReadModels;
  let store: PostgresEventStore;
  const connection = (): { connectionString: string } => ({ connectionString: database.connectionString });

  async function placeOrders(count: number, ownerId = 'u1') {
    let position;
    for (let n = 0; n < count; n += 1) {
      const orderId = randomUUID();
      const commandId = randomUUID();
      const result = await store.appendToStream(
        `order-test-${orderId}`,
        toEventsToAppend(
          [
            {
              type: 'OrderPlaced',
              data: {
                orderId,
                ownerId,
                side: 'buy',
                amount: n + 1,
                price: '10.00',
                projectType: 'Forestry',
                vintage: 2025,
                placedAt: new Date().toISOString(),
              },
            },
          ],
          { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'u1', role: 'trader' }, now: new Date() },
        ),
        { expected: 'no_stream' },
      );
      position = result.position;
    }
    return position!;
  }

  const rows = () => db.selectFrom('order_book').select(['order_id', 'amount', 'status']).orderBy('order_id').execute();

  beforeAll(async () => {
    database = await createEventStoreDatabase('proj');
    ({ readModels: db, eventStore: store } = database);
  });
  afterAll(() => database.close());

  it('applies the log, keeps one active instance, and a restart replays nothing twice', async () => {
    const first = new LogFollowerRunner(orderBookProjection, { db, eventStore: store, connectionConfig: connection() });
    const second = new LogFollowerRunner(orderBookProjection, { db, eventStore: store, connectionConfig: connection() });
    first.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    second.start();
    const position = await placeOrders(20);
    expect(await first.waitFor(position, 10_000)).toBe(true);
    expect(second.status.state).toBe('standby');
    expect(await rows()).toHaveLength(20);

    await first.stop();
    // The stand-by takes over from the stored checkpoint and applies only what is new.
    const next = await placeOrders(5);
    expect(await second.waitFor(next, 10_000)).toBe(true);
    expect(await rows()).toHaveLength(25);
    const checkpoint = await readCheckpoint(db, 'order-book');
    expect(checkpoint?.eventsApplied).toBe(25n);
    expect(comparePositions(checkpoint!.position, next)).toBe(0);

    // While a runner holds the projection, a rebuild refuses to run.
    await expect(rebuildProjection({ eventStore: store, connectionConfig: connection(), projection: orderBookProjection })).rejects.toBeInstanceOf(
      ProjectionBusy,
    );
    await second.stop();
  });

  it('rebuilds into fresh tables and swaps them in with the same rows and checkpoint', async () => {
    const before = await rows();
    await db.updateTable('order_book').set({ status: 'corrupted' }).execute();
    const result = await rebuildProjection({ eventStore: store, connectionConfig: connection(), projection: orderBookProjection });
    expect(result.events).toBeGreaterThanOrEqual(25);
    expect(await rows()).toEqual(before);
    const checkpoint = await readCheckpoint(db, 'order-book');
    expect(comparePositions(checkpoint!.position, result.position)).toBe(0);
  });

  it('gives every rebuilt table back its keys, constraints and indexes, under the names and with the definitions its migrations gave them', async () => {
    const tables = projections.flatMap((projection) => [...projection.tables]);
    const shape = async () => {
      const indexes = await sql<{ table: string; name: string; definition: string }>`
        select tablename as table, indexname as name, indexdef as definition from pg_indexes
        where schemaname = 'public' and tablename = any(${tables}) order by tablename, indexname`.execute(db);
      const constraints = await sql<{ table: string; name: string; definition: string }>`
        select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid::regclass::text = any(${tables}) order by 1, 2`.execute(db);
      return { indexes: indexes.rows, constraints: constraints.rows };
    };
    await placeOrders(3);
    const before = await shape();
    // Indexes of many kinds: primary keys, unique constraints, unique and plain indexes, partial ones.
    expect(before.indexes.length).toBeGreaterThan(tables.length);
    expect(before.indexes.some((index) => index.definition.includes(' WHERE '))).toBe(true);
    await rebuildProjections({ eventStore: store, connectionConfig: connection(), projections });
    expect(await shape()).toEqual(before);
  });

  it('refuses to wait for a projection no one runs, instead of answering at once that it caught up', async () => {
    const host = new ProjectionHost(store, db, { readModelConnection: connection(), database: { onRecovered: () => () => undefined } as never });
    const position = await placeOrders(1);
    await expect(host.waitFor(['order-bok' as ProjectionName], position, 1_000)).rejects.toThrow(UnknownProjection);
    await expect(host.waitFor(['order-book', 'credit-trade' as ProjectionName], position, 1_000)).rejects.toThrow('no projection is named credit-trade');
  });

  it('keeps a pipelined follower’s next batches at work while one waits, and moves its checkpoint only in log order', async () => {
    await placeOrders(6);
    const head = await store.headPosition();
    let started = 0;
    let releaseFirst: () => void = () => undefined;
    const firstWaits = new Promise<void>((resolve) => (releaseFirst = resolve));
    const pipelined = {
      name: 'pipelined-test',
      eventTypes: new Set(['OrderPlaced']),
      pipelineDepth: 3,
      views: [],
      tables: [],
      applyBatch: async () => {
        // The first batch waits (on XRPL, say); the others are done at once.
        if (started++ === 0) await firstWaits;
        return false;
      },
    };
    const runner = new LogFollowerRunner(pipelined, { db, eventStore: store, connectionConfig: connection(), batchSize: 2 });
    runner.start();
    try {
      const deadline = Date.now() + 5_000;
      while (started < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Three at work, no more, and none of them committed past the first.
      expect(started).toBe(3);
      expect(runner.position.commit < 0n).toBe(true);
      releaseFirst();
      expect(await runner.waitFor(head, 10_000)).toBe(true);
    } finally {
      releaseFirst();
      await runner.stop();
    }
  });

  it('passes over events a projection does not act on without a transaction, and stores that checkpoint on stop', async () => {
    const seen: string[] = [];
    const kycOnly = {
      name: 'kyc-only-test',
      eventTypes: new Set(['KycVerified']),
      views: [],
      tables: [],
      applyBatch: async (events: readonly { type: string }[]) => {
        for (const event of events) seen.push(event.type);
        return false;
      },
    };
    const runner = new LogFollowerRunner(kycOnly, { db, eventStore: store, connectionConfig: connection() });
    runner.start();
    const position = await placeOrders(3);
    // Caught up (read-your-writes waits work) though nothing was applied or stored.
    expect(await runner.waitFor(position, 10_000)).toBe(true);
    expect(seen).toEqual([]);
    expect(await readCheckpoint(db, 'kyc-only-test')).toBeUndefined();
    await runner.stop();
    const stored = await readCheckpoint(db, 'kyc-only-test');
    expect(comparePositions(stored!.position, position)).toBe(0);
  });

  it('passes over the events of its types that its `handles` refuses as it passes over other types', async () => {
    const owner = randomUUID();
    const seen: number[] = [];
    type Placed = { data: unknown };
    const amountOf = (event: Placed) => (event.data as { amount: number }).amount;
    const ownersLargeOrders = {
      name: 'large-orders-test',
      eventTypes: new Set(['OrderPlaced']),
      handles: (event: Placed) => (event.data as { ownerId: string }).ownerId === owner && amountOf(event) >= 3,
      views: [],
      tables: [],
      applyBatch: async (events: readonly Placed[]) => {
        for (const event of events) seen.push(amountOf(event));
        return false;
      },
    };
    const runner = new LogFollowerRunner(ownersLargeOrders, { db, eventStore: store, connectionConfig: connection() });
    runner.start();
    try {
      // Amounts 1 and 2 (and every earlier test's orders): nothing applied, no transaction, no stored checkpoint.
      expect(await runner.waitFor(await placeOrders(2, owner), 10_000)).toBe(true);
      expect(seen).toEqual([]);
      expect(await readCheckpoint(db, 'large-orders-test')).toBeUndefined();
      // Amounts 1, 2, 3: only the third is handed over, and its batch stores the checkpoint.
      const position = await placeOrders(3, owner);
      expect(await runner.waitFor(position, 10_000)).toBe(true);
      expect(seen).toEqual([3]);
      expect(comparePositions((await readCheckpoint(db, 'large-orders-test'))!.position, position)).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('announces a batch with its checkpoint move, and what several runners passed over in one NOTIFY', async () => {
    const channel = `batches_test_${randomUUID().replaceAll('-', '')}`;
    const listener = new pg.Client(connection());
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => payloads.push(message.payload ?? ''));
    await listener.query(`listen ${channel}`);
    const origin = randomUUID();
    const skips = new SkipAnnouncements(origin, (payload) => sql`select pg_notify(${channel}, ${payload})`.execute(db));
    const announce = { channel, origin, skips };
    const passing = (name: string) => ({ name, eventTypes: new Set(['KycVerified']), views: [], tables: [], applyBatch: async () => false });
    const runners = [
      new LogFollowerRunner({ ...orderBookProjection, name: 'announced-order-book-test' }, { db, eventStore: store, connectionConfig: connection(), announce }),
      new LogFollowerRunner(passing('announced-skip-a-test'), { db, eventStore: store, connectionConfig: connection(), announce }),
      new LogFollowerRunner(passing('announced-skip-b-test'), { db, eventStore: store, connectionConfig: connection(), announce }),
    ];
    for (const runner of runners) runner.start();
    try {
      const position = await placeOrders(2);
      for (const runner of runners) expect(await runner.waitFor(position, 10_000)).toBe(true);
      // Another instance's reader puts together what it hears.
      const heard: BatchCommitted[] = [];
      const reader = new AnnouncementReader(randomUUID());
      const deadline = Date.now() + 5_000;
      const reached = (name: string) => heard.some((batch) => batch.projection === name && comparePositions(batch.position, position) === 0);
      while (!['announced-order-book-test', 'announced-skip-a-test', 'announced-skip-b-test'].every(reached) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        heard.push(...payloads.splice(0).flatMap((payload) => reader.read(payload)));
      }
      const applied = heard.filter((batch) => batch.projection === 'announced-order-book-test');
      expect(applied.at(-1)).toMatchObject({ views: orderBookProjection.views, eventTypes: new Set(['OrderPlaced']) });
      expect(comparePositions(applied.at(-1)!.position, position)).toBe(0);
      // The two runners that passed the orders over are told together, with no events of their own.
      const skipped = heard.filter((batch) => batch.projection !== 'announced-order-book-test');
      expect(skipped.map((batch) => batch.projection)).toEqual(expect.arrayContaining(['announced-skip-a-test', 'announced-skip-b-test']));
      for (const batch of skipped) expect(batch).toMatchObject({ views: [], events: 0, messages: [] });
      // Its own announcements are not read back by the instance that sent them.
      expect(new AnnouncementReader(origin).read(JSON.stringify({ o: origin, s: [['announced-skip-a-test', '1', '1']] }))).toEqual([]);
    } finally {
      for (const runner of runners) await runner.stop();
      skips.stop();
      await listener.end();
    }
  });

  it("sees events another projection's open batch held back as soon as that batch commits, not after its back-off", async () => {
    let armed = false;
    let holding: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // A projection whose batch writes (so its transaction has an id) and then takes 1.1 s to commit.
    const slow = {
      name: 'slow-batch-test',
      views: [],
      tables: [],
      applyBatch: async (_events: unknown, connection: ProjectionWriter) => {
        if (!armed) return false;
        armed = false;
        // The runner hands over its transaction's connection; the writer type does not run raw SQL.
        await sql`select pg_current_xact_id()`.execute(connection as unknown as ReadModels);
        holding?.();
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        return false;
      },
    };
    const slowRunner = new LogFollowerRunner(slow, { db, eventStore: store, connectionConfig: connection() });
    const fast = new LogFollowerRunner(
      { ...orderBookProjection, name: 'order-book-behind-slow-test' },
      { db, eventStore: store, connectionConfig: connection() },
    );
    slowRunner.start();
    fast.start();
    const before = await placeOrders(1);
    expect(await slowRunner.waitFor(before, 10_000)).toBe(true);
    expect(await fast.waitFor(before, 10_000)).toBe(true);
    armed = true;
    await placeOrders(1);
    await held;
    const heldAt = Date.now();
    // Committed, but above the horizon until the slow batch ends.
    const behind = await placeOrders(1);
    expect(await fast.waitFor(behind, 10_000)).toBe(true);
    // The slow batch ends ~1.1 s after it began; by then the reader's retries are 512 ms to 1 s apart.
    expect(Date.now() - heldAt).toBeLessThan(1_500);
    await fast.stop();
    await slowRunner.stop();
  });

  it('holds back no reader of the log while a batch waits before it writes (a reaction waiting on XRPL)', async () => {
    let armed = false;
    let holding: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release: (() => void) | undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const waiting = {
      name: 'waiting-batch-test',
      eventTypes: new Set(['OrderPlaced']),
      views: [],
      tables: [],
      applyBatch: async () => {
        if (!armed) return false;
        armed = false;
        holding?.();
        await released;
        return false;
      },
    };
    const waitingRunner = new LogFollowerRunner(waiting, { db, eventStore: store, connectionConfig: connection() });
    const fast = new LogFollowerRunner(
      { ...orderBookProjection, name: 'order-book-beside-waiting-test' },
      { db, eventStore: store, connectionConfig: connection() },
    );
    waitingRunner.start();
    fast.start();
    const before = await placeOrders(1);
    expect(await waitingRunner.waitFor(before, 10_000)).toBe(true);
    expect(await fast.waitFor(before, 10_000)).toBe(true);
    armed = true;
    await placeOrders(1);
    await held;
    // The waiting batch's transaction is open; what is appended meanwhile is read at once.
    const during = await placeOrders(1);
    // Polled: another spec file's transaction in the same cluster may hold the horizon for a moment; the waiting
    // batch's open transaction, released only after this, must not hold it at all.
    await expect.poll(() => store.headPosition(), { timeout: 5_000 }).toEqual(during);
    expect(await fast.waitFor(during, 5_000)).toBe(true);
    release?.();
    expect(await waitingRunner.waitFor(during, 10_000)).toBe(true);
    await fast.stop();
    await waitingRunner.stop();
  });

  it('lingers after a batch to gather more events, but not once someone waits for the projection', async () => {
    const lingering = {
      name: 'lingering-test',
      eventTypes: new Set(['OrderPlaced']),
      lingerMs: 5_000,
      views: [],
      tables: [],
      applyBatch: async () => false,
    };
    const runner = new LogFollowerRunner(lingering, { db, eventStore: store, connectionConfig: connection() });
    runner.start();
    expect(await runner.waitFor(await placeOrders(1), 10_000)).toBe(true);
    // Now it lingers for 5 s; a reader waiting for the next order ends that at once.
    const next = await placeOrders(1);
    const started = Date.now();
    expect(await runner.waitFor(next, 10_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2_000);
    await runner.stop();
  });

  it('sends a batch that only writes in one flight with its transaction, then the checkpoint move with the commit, values bound as given', async () => {
    // The leader connection goes through a recording proxy: what it sends, in order, and when the server answered in between.
    const traffic: { sent?: string }[] = [];
    const server = parseConnectionString(database.connectionString);
    const proxy = createServer((client) => {
      // The test cluster may listen on a Unix socket (`host` is then its directory).
      const upstream = server.host?.startsWith('/')
        ? connect(`${server.host}/.s.PGSQL.${server.port ?? 5432}`)
        : connect(Number(server.port ?? 5432), server.host ?? 'localhost');
      client.on('data', (chunk: Buffer) => {
        traffic.push({ sent: chunk.toString('latin1') });
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        traffic.push({});
        client.write(chunk);
      });
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const leaderConnection = {
      host: '127.0.0.1',
      port: (proxy.address() as AddressInfo).port,
      ...(server.user ? { user: server.user } : {}),
      ...(server.password ? { password: server.password } : {}),
      ...(server.database ? { database: server.database } : {}),
    };
    const name = 'order-book-one-trip-test';
    const runner = new LogFollowerRunner({ ...orderBookProjection, name }, { db, eventStore: store, connectionConfig: leaderConnection });
    runner.start();
    const owner = `o'brien \\' "$1" -- /* ${'$'}$x$$ E'\\x'`;
    const position = await placeOrders(3, owner);
    expect(await runner.waitFor(position, 10_000)).toBe(true);
    await runner.stop();
    const written = await db.selectFrom('order_book').select('owner_id').where('owner_id', '=', owner).execute();
    expect(written).toHaveLength(3);
    // Flights: what went out before the next answer came back.
    const flights: string[] = [];
    let flight = '';
    for (const entry of traffic) {
      if (entry.sent !== undefined) flight += entry.sent;
      else if (flight) {
        flights.push(flight);
        flight = '';
      }
    }
    const batches = flights.filter((text) => text.includes('"order_book"'));
    expect(batches.length).toBeGreaterThan(0);
    for (const text of batches) {
      // The opening and the batch's statement travel together…
      expect(text).toContain('begin');
      // The owner travels as a bound value, not inside the statement's text.
      expect(text).not.toContain(`values ('`);
      // …then the checkpoint move (its values bound) with the commit.
      const next = flights[flights.indexOf(text) + 1];
      expect(next).toContain('select move_projection_checkpoint($1, $2, $3, $4, $5, $6)');
      // The leader connection asked for commits that do not wait for their WAL flush when it connected (a replay restores a lost batch).
      expect(traffic.find((entry) => entry.sent?.includes('synchronous_commit'))?.sent).toContain('-c synchronous_commit=off');
      expect(next).toContain('commit');
    }
    proxy.close();
  });

  it('keeps nothing of a batch when one of its statements fails, and tries it again', async () => {
    const errors: string[] = [];
    const name = 'one-trip-failure-test';
    const marker = randomUUID();
    let failing = true;
    const failingProjection = {
      ...orderBookProjection,
      name,
      applyBatch: async (events: Parameters<typeof orderBookProjection.applyBatch>[0], writer: ProjectionWriter) => {
        const changed = await orderBookProjection.applyBatch(events, writer);
        await writer
          .updateTable('order_book')
          .set({ owner_id: marker })
          // Not a UUID: the statement fails after the order book's own statement has run.
          .where('order_id', '=', failing ? 'not-a-uuid' : randomUUID())
          .execute();
        return changed;
      },
    };
    const runner = new LogFollowerRunner(failingProjection, {
      db,
      eventStore: store,
      connectionConfig: connection(),
      logger: { log: () => undefined, error: (message) => errors.push(message) },
    });
    const owner = `owner-${marker}`;
    const position = await placeOrders(2, owner);
    runner.start();
    const deadline = Date.now() + 10_000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors[0]).toContain('invalid input syntax for type uuid');
    // The orders of the failed batch are not in the book and the checkpoint was not stored.
    expect(await db.selectFrom('order_book').select('order_id').where('owner_id', '=', owner).execute()).toEqual([]);
    expect(await readCheckpoint(db, name)).toBeUndefined();
    // Once the statement works, the retry applies the batch.
    failing = false;
    expect(await runner.waitFor(position, 10_000)).toBe(true);
    expect(await db.selectFrom('order_book').select('order_id').where('owner_id', '=', owner).execute()).toHaveLength(2);
    await runner.stop();
  });

  it('rolls a batch back when another instance moved the checkpoint since, and gives up leadership', async () => {
    const errors: string[] = [];
    const runner = new LogFollowerRunner(orderBookProjection, {
      db,
      eventStore: store,
      connectionConfig: connection(),
      logger: { log: () => undefined, error: (message) => errors.push(message) },
    });
    runner.start();
    const caughtUp = await placeOrders(1);
    expect(await runner.waitFor(caughtUp, 10_000)).toBe(true);
    const before = (await rows()).length;
    // Another instance stores a checkpoint further on, as if it had applied what follows.
    await db
      .updateTable('projection_checkpoints')
      .set({ prepare_position: sql`prepare_position + 1000000` })
      .where('name', '=', 'order-book')
      .execute();
    await placeOrders(1);
    const deadline = Date.now() + 10_000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.stop();
    expect(errors[0]).toContain('the checkpoint of order-book was moved by another instance; giving up leadership');
    // Its rows went with the rolled-back transaction; the checkpoint is the other instance's.
    expect(await rows()).toHaveLength(before);
    const stored = await readCheckpoint(db, 'order-book');
    expect(stored!.position.prepare).toBe(caughtUp.prepare + 1_000_000n);
  });
});

describe('projection runner shutdown', () => {
  it('stops cleanly when stopped while it is still starting', async () => {
    const database = await createEventStoreDatabase('stop');
    const { readModels: db, eventStore: store } = database;
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const runner = new LogFollowerRunner(orderBookProjection, { db, eventStore: store, connectionConfig: { connectionString: database.connectionString } });
        runner.start();
        await new Promise((resolve) => setTimeout(resolve, attempt * 3));
        await runner.stop();
        expect(runner.status.state).toBe('stopped');
      }
    } finally {
      await database.close();
    }
  }, 20_000);
});
