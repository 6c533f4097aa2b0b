import { createHash, randomUUID } from 'node:crypto';
import { creditMarketStreamId, type EventStore, type PlaceOrderRequest, seededRandom } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { PostgresSnapshotStore } from '../infrastructure/snapshots/snapshot-store.js';
import type { CommandContext } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { createEventStoreDatabase, type EventStoreDatabase } from '../test-support/event-store-database.js';
import type { CreditMarketState } from './credit-market.decider.js';
import { type ListedOrder, listOrder, randomCommand } from './credit-market.property.js';
import { CreditMarketStore } from './credit-market.store.js';

const PROJECT = 'Solar Energy';

const context = (commandId: string, userId = 'user-1'): CommandContext => ({
  commandId,
  correlationId: commandId,
  causationId: commandId,
  actor: { userId, role: 'trader' },
  now: new Date('2026-11-26T20:00:00Z'),
});

const buy = (vintage: number, amount = 1): PlaceOrderRequest => ({ type: 'buy', amount, price: '2.00', projectType: PROJECT, vintage });

/** The state as a reader sees it: the books as their orders, best first. */
function view(state: CreditMarketState): unknown {
  return { ...state, bids: [...state.bids], asks: [...state.asks] };
}

/** The real store, with every readStream call's `afterVersion` written down (undefined: the whole stream). */
function recordingReads(store: EventStore): { readonly store: EventStore; readonly reads: (bigint | undefined)[] } {
  const reads: (bigint | undefined)[] = [];
  const proxy = new Proxy(store, {
    get(target, property) {
      if (property === 'readStream') {
        return (streamId: string, options?: { afterVersion?: bigint }) => {
          reads.push(options?.afterVersion);
          return target.readStream(streamId, options);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { store: proxy, reads };
}

describe('CreditMarketStore: snapshots, and another instance appending to the same market', () => {
  let database: EventStoreDatabase | undefined;
  let eventStore: PostgresEventStore;
  let snapshots: PostgresSnapshotStore;
  let nextVintage = 3000;

  beforeAll(async () => {
    database = await createEventStoreDatabase('market_snapshots', 10);
    eventStore = database.eventStore;
    snapshots = new PostgresSnapshotStore(database.pool);
  });
  afterAll(() => database?.close());

  const stateOf = (store: CreditMarketStore, vintage: number): Promise<CreditMarketState> => store.read(PROJECT, vintage, (state) => state);

  /** Runs `steps` random commands (refusals included) through the store; returns how many were accepted. */
  async function randomMarket(store: CreditMarketStore, vintage: number, seed: number, steps: number): Promise<number> {
    const next = seededRandom(seed);
    const listed = new Map<string, ListedOrder>();
    let accepted = 0;
    for (let step = 0; step < steps; step += 1) {
      const command = randomCommand(next, await stateOf(store, vintage), step, listed);
      try {
        const outcome = await store.execute(PROJECT, vintage, command, context(randomUUID()), () => undefined);
        for (const event of outcome.events) listOrder(listed, event);
        accepted += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return accepted;
  }

  async function snapshotVersion(vintage: number): Promise<bigint | undefined> {
    const row = await database!.pool.query<{ stream_version: string }>('select stream_version from stream_snapshots where stream_id = $1', [
      creditMarketStreamId(PROJECT, vintage),
    ]);
    return row.rows[0] ? BigInt(row.rows[0].stream_version) : undefined;
  }

  /** Snapshots are written in the background: waits until the newest one is stored. */
  async function settledSnapshot(vintage: number): Promise<bigint | undefined> {
    let last = await snapshotVersion(vintage);
    for (let tries = 0; tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const now = await snapshotVersion(vintage);
      if (now === last && now !== undefined) return now;
      last = now;
    }
    return last;
  }

  it('snapshot + the events after it == the full fold, for random markets and snapshot intervals (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 30 }), async (seed, every) => {
        const vintage = nextVintage++;
        const writer = new CreditMarketStore(eventStore, { snapshots, snapshotEvery: every });
        await randomMarket(writer, vintage, seed, 90);
        const written = await stateOf(writer, vintage);
        const taken = await settledSnapshot(vintage);
        const streamLength = BigInt((await eventStore.readStream(creditMarketStreamId(PROJECT, vintage))).length);

        const cold = recordingReads(eventStore);
        const fromSnapshot = await stateOf(new CreditMarketStore(cold.store, { snapshots, snapshotEvery: every }), vintage);
        const fullFold = await stateOf(new CreditMarketStore(eventStore), vintage);

        expect(view(fromSnapshot)).toEqual(view(fullFold));
        expect(view(written)).toEqual(view(fullFold));
        if (taken !== undefined) {
          // The cold load read from the snapshot's own event on, not the whole stream.
          expect(cold.reads[0]).toBe(taken - 1n);
        } else {
          expect(streamLength).toBeLessThan(BigInt(every) + 40n);
        }
      }),
      { numRuns: 6 },
    );
  });

  it('a missing, damaged, other-schema, other-history or undecodable snapshot falls back to the full fold, and the market keeps working', async () => {
    const vintage = nextVintage++;
    const streamId = creditMarketStreamId(PROJECT, vintage);
    await randomMarket(new CreditMarketStore(eventStore, { snapshots, snapshotEvery: 10 }), vintage, 42, 80);
    expect(await settledSnapshot(vintage)).toBeDefined();
    const saved = await database!.pool.query<{ state: Buffer }>('select state from stream_snapshots where stream_id = $1', [streamId]);
    const garbage = Buffer.from([1, 2, 3, 4]);
    const spoilers: Record<string, string> = {
      damaged: `update stream_snapshots set state = state || '\\x00'::bytea where stream_id = $1`,
      'of another schema': `update stream_snapshots set schema = '0.old' where stream_id = $1`,
      'of another history': `update stream_snapshots set event_hash = repeat('0', 64) where stream_id = $1`,
      undecodable: `update stream_snapshots set state = '\\x${garbage.toString('hex')}'::bytea, state_sha256 = '\\x${createHash('sha256').update(garbage).digest('hex')}'::bytea where stream_id = $1`,
      missing: 'delete from stream_snapshots where stream_id = $1',
    };
    for (const [what, spoil] of Object.entries(spoilers)) {
      await database!.pool.query(
        `insert into stream_snapshots (stream_id, schema, stream_version, event_hash, state, state_sha256)
         select stream_id, schema, stream_version, event_hash, $2, sha256($2) from stream_snapshots where stream_id = $1
         on conflict (stream_id) do update set state = excluded.state, state_sha256 = excluded.state_sha256`,
        [streamId, saved.rows[0]!.state],
      );
      await database!.pool.query(spoil, [streamId]);
      const cold = recordingReads(eventStore);
      const store = new CreditMarketStore(cold.store, { snapshots, snapshotEvery: 1_000_000 });
      const loaded = await stateOf(store, vintage);
      expect({ what, state: view(loaded) }).toEqual({ what, state: view(await stateOf(new CreditMarketStore(eventStore), vintage)) });
      // The whole stream was read (no `afterVersion` past the start).
      expect({ what, wholeStream: cold.reads.includes(undefined) }).toEqual({ what, wholeStream: true });
      const placed = await store.execute(
        PROJECT,
        vintage,
        { type: 'PlaceOrder', orderId: randomUUID(), ownerId: 'user-9', order: buy(vintage) },
        context(randomUUID(), 'user-9'),
        () => 'ok',
      );
      expect(placed.result).toBe('ok');
    }
  });

  it('a command applied before the last snapshot, sent again after a restart, is answered as a replay through the event-id key', async () => {
    const vintage = nextVintage++;
    const first = new CreditMarketStore(eventStore, { snapshots, snapshotEvery: 5 });
    const commandId = randomUUID();
    const orderId = randomUUID();
    const command = { type: 'PlaceOrder', orderId, ownerId: 'user-1', order: buy(vintage, 7) } as const;
    const original = await first.execute(PROJECT, vintage, command, context(commandId), () => undefined);
    for (let n = 0; n < 12; n += 1) {
      await first.execute(
        PROJECT,
        vintage,
        { type: 'PlaceOrder', orderId: randomUUID(), ownerId: `user-${n + 2}`, order: buy(vintage) },
        context(randomUUID(), `user-${n + 2}`),
        () => undefined,
      );
    }
    expect(await settledSnapshot(vintage)).toBeGreaterThan(0n);

    const restarted = new CreditMarketStore(eventStore, { snapshots, snapshotEvery: 5 });
    const again = await restarted.execute(PROJECT, vintage, command, context(commandId), (state) => state.orders.get(orderId)?.amount);
    expect(again).toMatchObject({ replayed: true, result: 7, position: original.position });
    const placed = (await eventStore.readStream(creditMarketStreamId(PROJECT, vintage))).filter(
      (event) => event.type === 'OrderPlaced' && (event.data as { orderId: string }).orderId === orderId,
    );
    expect(placed).toHaveLength(1);
  });

  it('two instances on one database appending to one market: each reads forward from the version it holds, and nothing is lost or doubled', async () => {
    const vintage = nextVintage++;
    const streamId = creditMarketStreamId(PROJECT, vintage);
    // Two event stores on one database stand for two processes (each remembers only its own stream heads).
    const other = new PostgresEventStore(database!.pool, { connectionString: database!.connectionString });
    try {
      const here = recordingReads(eventStore);
      const there = recordingReads(other);
      const a = new CreditMarketStore(here.store, { snapshots, snapshotEvery: 1_000 });
      const b = new CreditMarketStore(there.store, { snapshots, snapshotEvery: 1_000 });
      const place = (store: CreditMarketStore, n: number) =>
        store.execute(
          PROJECT,
          vintage,
          { type: 'PlaceOrder', orderId: randomUUID(), ownerId: `user-${n}`, order: buy(vintage) },
          context(randomUUID(), `user-${n}`),
          () => undefined,
        );
      for (let n = 0; n < 10; n += 1) {
        await place(a, 2 * n);
        await place(b, 2 * n + 1);
      }
      // And both at once.
      await Promise.all(Array.from({ length: 20 }, (_, n) => place(n % 2 === 0 ? a : b, 100 + n)));

      const stream = await eventStore.readStream(streamId);
      expect(stream.filter((event) => event.type === 'OrderPlaced')).toHaveLength(40);
      // A's first read was the cold load (the whole stream, no snapshot yet); every later one read forward from a version it held.
      expect(here.reads[0]).toBeUndefined();
      expect(here.reads.length).toBeGreaterThan(5);
      expect(here.reads.slice(1).every((after) => after !== undefined && after >= 0n)).toBe(true);
      expect(there.reads.slice(1).every((after) => after !== undefined && after >= 0n)).toBe(true);
      // An instance learns of the other's events at its next command, from the version it held.
      await place(a, 999);
      expect(view(await stateOf(a, vintage))).toEqual(view(await stateOf(new CreditMarketStore(eventStore), vintage)));
      await place(b, 998);
      expect(view(await stateOf(b, vintage))).toEqual(view(await stateOf(new CreditMarketStore(eventStore), vintage)));
    } finally {
      await other.close();
    }
  });
  it('a command another instance already placed is answered as a replay, even after later conflicts rebuilt the market (not "This order already exists")', async () => {
    const vintage = nextVintage++;
    const other = new PostgresEventStore(database!.pool, { connectionString: database!.connectionString });
    try {
      const a = new CreditMarketStore(eventStore, { snapshots, snapshotEvery: 1_000 });
      const b = new CreditMarketStore(other, { snapshots, snapshotEvery: 1_000 });
      const place = (store: CreditMarketStore, orderId: string, commandId: string, owner: string) =>
        store.execute(PROJECT, vintage, { type: 'PlaceOrder', orderId, ownerId: owner, order: buy(vintage) }, context(commandId, owner), () => undefined);
      await place(b, randomUUID(), randomUUID(), 'user-0');
      // A places an order (a request, or a recovery of a funded buy) that B will be asked to place again.
      const orderId = randomUUID();
      const commandId = randomUUID();
      const first = await place(a, orderId, commandId, 'user-1');
      // B learns of it through a conflict, then loses two more races: each one rebuilds its market.
      await place(b, randomUUID(), randomUUID(), 'user-2');
      for (let n = 0; n < 2; n += 1) {
        await place(a, randomUUID(), randomUUID(), `user-a${n}`);
        await place(b, randomUUID(), randomUUID(), `user-b${n}`);
      }
      const again = await place(b, orderId, commandId, 'user-1');
      expect(again).toMatchObject({ replayed: true, position: first.position });
    } finally {
      await other.close();
    }
  });
});
