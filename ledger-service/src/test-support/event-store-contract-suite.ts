import { createHash, randomUUID } from 'node:crypto';
import {
  chainContent,
  comparePositions,
  type EventStore,
  type EventToAppend,
  formatPosition,
  type RecordedEvent,
  DuplicateEventId,
  START,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleEvent } from './sample-events.js';

export interface EventStoreUnderTest {
  readonly store: EventStore;
  cleanup(): Promise<void>;
}

function makeEvent(type: string, data: Record<string, unknown>, eventId = randomUUID()): EventToAppend {
  return { ...sampleEvent(0), eventId, type, data };
}

async function collectUntil(store: EventStore, predicate: (events: RecordedEvent[]) => boolean, timeoutMs = 20_000, after = START): Promise<RecordedEvent[]> {
  const received: RecordedEvent[] = [];
  const subscription = store.subscribeAll({ after, batchSize: 100 });
  const timer = setTimeout(() => void subscription.close(), timeoutMs);
  try {
    for await (const batch of subscription) {
      received.push(...batch);
      if (predicate(received)) break;
    }
  } finally {
    clearTimeout(timer);
    await subscription.close();
  }
  return received;
}

/** The behaviour every EventStore adapter must have. `open` gives a store over an empty log. */
export function describeEventStoreContract(adapter: string, open: () => Promise<EventStoreUnderTest>, options: { skip?: boolean } = {}): void {
  describe.skipIf(options.skip ?? false)(`EventStore contract: ${adapter}`, () => {
    let underTest: EventStoreUnderTest;
    let store: EventStore;
    const stream = (name: string): string => `${name}-${randomUUID()}`;

    beforeAll(async () => {
      underTest = await open();
      store = underTest.store;
    });
    afterAll(async () => {
      await underTest?.cleanup();
    });

    it('appends to a new stream and reads it back in order with data and metadata intact', async () => {
      const id = stream('order');
      const events = [makeEvent('OrderPlaced', { amount: 5, price: '12.50' }), makeEvent('OrderCancelled', { by: 'u1' })];
      const result = await store.appendToStream(id, events, { expected: 'no_stream' });
      expect(result.nextExpectedVersion).toBe(1n);

      const read = await store.readStream(id);
      expect(read.map((event) => event.streamVersion)).toEqual([0n, 1n]);
      expect(read.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCancelled']);
      expect(read[0]?.data).toEqual({ amount: 5, price: '12.50' });
      expect(read[0]?.metadata).toEqual(events[0]?.metadata);
      expect(read[1]?.eventId).toBe(events[1]?.eventId);
      expect(comparePositions(read[1]!.position, result.position)).toBe(0);
    });

    it('reads a stream forward from a version it holds: only the events after it', async () => {
      const id = stream('forward');
      await store.appendToStream(id, [makeEvent('A', {}), makeEvent('B', {}), makeEvent('C', {})], { expected: 'no_stream' });
      expect((await store.readStream(id, { afterVersion: 0n })).map((event) => [event.streamVersion, event.type])).toEqual([
        [1n, 'B'],
        [2n, 'C'],
      ]);
      expect(await store.readStream(id, { afterVersion: 2n })).toEqual([]);
      expect((await store.readStream(id, { afterVersion: -1n })).map((event) => event.type)).toEqual(['A', 'B', 'C']);
    });

    it('returns an empty list for a stream that does not exist', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('enforces the expected version', async () => {
      const id = stream('expect');
      await store.appendToStream(id, [makeEvent('A', {})], { expected: 'no_stream' });
      await expect(store.appendToStream(id, [makeEvent('B', {})], { expected: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersion);
      await expect(store.appendToStream(id, [makeEvent('B', {})], { expected: 5n })).rejects.toMatchObject({
        name: 'WrongExpectedVersion',
        actual: 0n,
      });
      await expect(store.appendToStream(stream('nothing'), [makeEvent('B', {})], { expected: 'exists' })).rejects.toBeInstanceOf(WrongExpectedVersion);
      await expect(store.appendToStream(stream('nothing'), [makeEvent('B', {})], { expected: 0n })).rejects.toMatchObject({ actual: 'no_stream' });

      const ok = await store.appendToStream(id, [makeEvent('B', {})], { expected: 0n });
      expect(ok.nextExpectedVersion).toBe(1n);
      const any = await store.appendToStream(id, [makeEvent('C', {})], { expected: 'any' });
      expect(any.nextExpectedVersion).toBe(2n);
      const exists = await store.appendToStream(id, [makeEvent('D', {})], { expected: 'exists' });
      expect(exists.nextExpectedVersion).toBe(3n);
      expect((await store.readStream(id)).map((event) => event.type)).toEqual(['A', 'B', 'C', 'D']);
    });

    it('does not append a retried command twice (same event ids)', async () => {
      const id = stream('retry');
      const events = [makeEvent('A', { n: 1 }), makeEvent('B', { n: 2 })];
      const first = await store.appendToStream(id, events, { expected: 'no_stream' });
      const retry = await store.appendToStream(id, events, { expected: 'no_stream' });
      expect(retry.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(comparePositions(retry.position, first.position)).toBe(0);
      // A caller that appended several commands together must learn that nothing new was written.
      expect(first.alreadyAppended).toBeUndefined();
      expect(retry.alreadyAppended).toBe(true);
      expect(await store.readStream(id)).toHaveLength(2);
    });

    it('answers a retry sent at the same moment as its original (same event ids, same expectation) as a retry, never as a conflict', async () => {
      // Found by the cluster test: the KYC credential reaction and the periodic check recorded one credential at once;
      // both appends went to the database in one group commit and the second was refused "expected version 2, actual 3".
      for (const expected of ['no_stream', 'any', 1n] as const) {
        const id = stream('simultaneous');
        if (expected === 1n) await store.appendToStream(id, [makeEvent('Opened', {}), makeEvent('Verified', {})], { expected: 'no_stream' });
        const events = [makeEvent('Recorded', { n: 1 }), makeEvent('Noted', { n: 2 })];
        const answers = await Promise.all(Array.from({ length: 8 }, () => store.appendToStream(id, events, { expected })));
        expect(answers.filter((answer) => !answer.alreadyAppended)).toHaveLength(1);
        const first = answers.find((answer) => !answer.alreadyAppended)!;
        for (const answer of answers) {
          expect(answer.nextExpectedVersion).toBe(first.nextExpectedVersion);
          expect(comparePositions(answer.position, first.position)).toBe(0);
        }
        expect((await store.readStream(id)).map((event) => event.type)).toEqual([...(expected === 1n ? ['Opened', 'Verified'] : []), 'Recorded', 'Noted']);
      }
    });

    describe('appendToStreams: several streams, all or nothing', () => {
      const atomic = (): NonNullable<EventStore['appendToStreams']> => {
        if (!store.appendToStreams) throw new Error('this adapter has no atomic append to several streams');
        return store.appendToStreams.bind(store);
      };
      const skip = (): boolean => !store.appendToStreams;

      it('appends every part, each at its version, in one commit, with each stream’s chain continued', async (context) => {
        if (skip()) return context.skip();
        const cash = stream('cash');
        const market = stream('market');
        await store.appendToStream(cash, [makeEvent('Deposited', { cents: 100 })], { expected: 'no_stream' });
        const result = await atomic()([
          { streamId: cash, events: [makeEvent('Reserved', { cents: 60 })], expected: 0n },
          { streamId: market, events: [makeEvent('OrderPlaced', { n: 1 }), makeEvent('TradeExecuted', { n: 2 })], expected: 'no_stream' },
        ]);
        expect(result.alreadyAppended).toBeUndefined();
        expect(result.streams.map((part) => part.nextExpectedVersion)).toEqual([1n, 1n]);
        const [reserved] = (await store.readStream(cash)).slice(1);
        const placed = await store.readStream(market);
        // One commit: the parts share the transaction half of their positions.
        expect(new Set([reserved!, ...placed].map((event) => event.position.commit)).size).toBe(1);
        expect(comparePositions(result.position, placed.at(-1)!.position)).toBe(0);
        for (const id of [cash, market]) {
          let previous = Buffer.alloc(0);
          for (const event of await store.readStream(id)) {
            previous = createHash('sha256').update(previous).update(chainContent(event), 'utf8').digest();
            expect(event.hash).toBe(previous.toString('hex'));
          }
        }
      });

      it('writes nothing when one part’s expectation fails, and names that stream', async (context) => {
        if (skip()) return context.skip();
        const cash = stream('cash');
        const market = stream('market');
        await store.appendToStream(cash, [makeEvent('Deposited', {}), makeEvent('Deposited', {})], { expected: 'no_stream' });
        const refused = atomic()([
          { streamId: market, events: [makeEvent('OrderPlaced', {})], expected: 'no_stream' },
          { streamId: cash, events: [makeEvent('Reserved', {})], expected: 0n },
        ]);
        await expect(refused).rejects.toBeInstanceOf(WrongExpectedVersion);
        await expect(refused).rejects.toMatchObject({ streamId: cash, actual: 1n });
        expect(await store.readStream(market)).toEqual([]);
        expect(await store.readStream(cash)).toHaveLength(2);
      });

      it('answers a retry (the same events) as already appended, once, and a reused event id elsewhere as DuplicateEventId', async (context) => {
        if (skip()) return context.skip();
        const cash = stream('cash');
        const market = stream('market');
        const parts = [
          { streamId: cash, events: [makeEvent('Reserved', {})], expected: 'no_stream' as const },
          { streamId: market, events: [makeEvent('OrderPlaced', {})], expected: 'no_stream' as const },
        ];
        const answers = await Promise.all([atomic()(parts), atomic()(parts), atomic()(parts)]);
        expect(answers.filter((answer) => !answer.alreadyAppended)).toHaveLength(1);
        for (const answer of answers) expect(comparePositions(answer.position, answers[0]!.position)).toBe(0);
        expect(await store.readStream(cash)).toHaveLength(1);
        expect(await store.readStream(market)).toHaveLength(1);
        const reused = atomic()([{ streamId: stream('other'), events: [parts[0]!.events[0]!], expected: 'any' }]);
        await expect(reused).rejects.toBeInstanceOf(DuplicateEventId);
      });

      it('under 12 writers racing for two shared streams and single-stream appends beside them: every success is whole, every refusal left nothing', async (context) => {
        if (skip()) return context.skip();
        const shared = stream('shared-cash');
        const market = stream('shared-market');
        let successes = 0;
        await Promise.all(
          Array.from({ length: 12 }, async (_, writer) => {
            for (let round = 0; round < 5; round += 1) {
              if (writer % 3 === 0) {
                await store.appendToStream(shared, [makeEvent('Deposited', { writer, round })], { expected: 'any' });
                continue;
              }
              for (;;) {
                const [cash, book] = await Promise.all([store.readStream(shared), store.readStream(market)]);
                const version = (events: RecordedEvent[]) => events.at(-1)?.streamVersion ?? ('no_stream' as const);
                try {
                  await atomic()([
                    { streamId: shared, events: [makeEvent('Reserved', { writer, round })], expected: version(cash) },
                    { streamId: market, events: [makeEvent('OrderPlaced', { writer, round })], expected: version(book) },
                  ]);
                  successes += 1;
                  break;
                } catch (error) {
                  if (!(error instanceof WrongExpectedVersion)) throw error;
                }
              }
            }
          }),
        );
        const reserved = (await store.readStream(shared)).filter((event) => event.type === 'Reserved');
        const placed = await store.readStream(market);
        expect(successes).toBe(40);
        expect(reserved).toHaveLength(40);
        expect(placed).toHaveLength(40);
        const key = (event: RecordedEvent) => JSON.stringify(event.data);
        expect(new Set(reserved.map(key))).toEqual(new Set(placed.map(key)));
        for (const event of reserved) expect(placed.find((other) => key(other) === key(event))?.position.commit).toBe(event.position.commit);
      });
    });

    it('chains every stream: hash = sha256(previous hash || canonical event)', async () => {
      const id = stream('chain');
      await store.appendToStream(id, [makeEvent('A', { z: 1, a: [1, 'x'] }), makeEvent('B', {})], { expected: 'no_stream' });
      await store.appendToStream(id, [makeEvent('C', { nested: { b: 2, a: 1 } })], { expected: 1n });
      let previous = Buffer.alloc(0);
      for (const event of await store.readStream(id)) {
        const expected = createHash('sha256').update(previous).update(chainContent(event), 'utf8').digest();
        expect(event.hash).toBe(expected.toString('hex'));
        previous = expected;
      }
    });

    it('reads the whole log in order after a position, with a limit', async () => {
      const id = stream('all');
      const appended = await store.appendToStream(
        id,
        Array.from({ length: 5 }, (_, n) => makeEvent('Numbered', { n })),
        { expected: 'no_stream' },
      );
      const head = await store.headPosition();
      expect(comparePositions(head, appended.position)).toBeGreaterThanOrEqual(0);

      const all: RecordedEvent[] = [];
      let after = START;
      for (;;) {
        const page = await store.readAll({ after, limit: 3 });
        expect(page.length).toBeLessThanOrEqual(3);
        const last = page.at(-1);
        if (!last) break;
        all.push(...page);
        after = last.position;
      }
      for (let index = 1; index < all.length; index += 1) {
        expect(comparePositions(all[index - 1]!.position, all[index]!.position)).toBe(-1);
      }
      const mine = all.filter((event) => event.streamId === id);
      expect(mine.map((event) => (event.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
    });

    it('reads by event type: under 16 writers of mostly other types, a filtered reader and a filtered subscription each get every acknowledged event of its types once, in order', async () => {
      const WRITERS = 16;
      const APPENDS_PER_WRITER = 20;
      const relevant: ReadonlySet<string> = new Set(['Wanted', 'WantedToo', 'WantedDone']);
      const start = await store.headPosition();
      const acknowledged = new Set<string>();
      const subscription = store.subscribeAll({ after: start, batchSize: 7, eventTypes: relevant });
      const subscribed = (async () => {
        const received: RecordedEvent[] = [];
        for await (const batch of subscription) {
          received.push(...batch.filter((event) => relevant.has(event.type)));
          if (subscription.position) expect(comparePositions(subscription.position, batch.at(-1)?.position ?? START)).toBeGreaterThanOrEqual(0);
          if (received.some((event) => event.type === 'WantedDone')) break;
        }
        return received;
      })();
      // Pages on from the last event it got while the writers write, as a catch-up reader does.
      const paged = (async () => {
        const received: RecordedEvent[] = [];
        let after = start;
        const deadline = Date.now() + 60_000;
        while (!received.some((event) => event.type === 'WantedDone') && Date.now() < deadline) {
          const page = await store.readAll({ after, limit: 5, eventTypes: relevant });
          expect(page.length).toBeLessThanOrEqual(5);
          received.push(...page);
          after = page.at(-1)?.position ?? after;
          if (page.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        }
        return received;
      })();
      const writer = async (writerIndex: number): Promise<void> => {
        for (let n = 0; n < APPENDS_PER_WRITER; n += 1) {
          // About one event in twelve is of a wanted type, among runs of others.
          const batch = Array.from({ length: 1 + ((writerIndex + n) % 4) }, (_, k) =>
            makeEvent((writerIndex * 7 + n * 3 + k) % 12 === 0 ? (k % 2 === 0 ? 'Wanted' : 'WantedToo') : `Other${k}`, { writerIndex, n, k }),
          );
          await store.appendToStream(stream('typed'), batch, { expected: 'no_stream' });
          for (const event of batch) if (relevant.has(event.type)) acknowledged.add(event.eventId);
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
      await store.appendToStream(stream('typed-done'), [makeEvent('WantedDone', {})], { expected: 'no_stream' });
      const [fromSubscription, fromPages] = await Promise.all([subscribed, paged]);
      await subscription.close();
      expect(acknowledged.size).toBeGreaterThan(20);
      for (const received of [fromSubscription, fromPages]) {
        const wanted = received.filter((event) => event.type !== 'WantedDone');
        expect(wanted.every((event) => relevant.has(event.type))).toBe(true);
        expect(wanted.map((event) => event.eventId).sort()).toEqual([...acknowledged].sort());
        for (let index = 1; index < received.length; index += 1) {
          expect(comparePositions(received[index - 1]!.position, received[index]!.position)).toBe(-1);
        }
      }
    });

    it('subscribes from a position and receives events appended later', async () => {
      const head = await store.headPosition();
      const id = stream('live');
      const receiving = collectUntil(store, (events) => events.some((event) => event.type === 'Last'), 20_000, head);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await store.appendToStream(id, [makeEvent('First', {})], { expected: 'no_stream' });
      await store.appendToStream(id, [makeEvent('Last', {})], { expected: 0n });
      const received = await receiving;
      expect(received.map((event) => event.type)).toEqual(['First', 'Last']);
    });

    it('under 16 concurrent writers: the subscriber gets every acknowledged event once, in stream order; conflicts lose nothing', async () => {
      const WRITERS = 16;
      const STREAMS = 6;
      const APPENDS_PER_WRITER = 25;
      const start = await store.headPosition();
      const streams = Array.from({ length: STREAMS }, () => stream('contended'));
      const acknowledged = new Map<string, string>(); // eventId -> stream
      let conflicts = 0;

      const subscriber = collectUntil(store, (events) => events.some((event) => event.type === 'Done'), 60_000, start);

      const writer = async (writerIndex: number): Promise<void> => {
        for (let n = 0; n < APPENDS_PER_WRITER; n += 1) {
          const target = streams[(writerIndex + n) % STREAMS]!;
          const batch = Array.from({ length: 1 + (n % 3) }, (_, k) => makeEvent('Contended', { writerIndex, n, k }));
          const useAny = n % 4 === 0;
          try {
            let expected: 'any' | 'no_stream' | bigint = 'any';
            if (!useAny) {
              const current = await store.readStream(target);
              expected = current.length === 0 ? 'no_stream' : BigInt(current.length - 1);
            }
            await store.appendToStream(target, batch, { expected });
            for (const event of batch) acknowledged.set(event.eventId, target);
          } catch (error) {
            if (!(error instanceof WrongExpectedVersion)) throw error;
            conflicts += 1;
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
      await store.appendToStream(stream('done'), [makeEvent('Done', {})], { expected: 'no_stream' });
      const received = (await subscriber).filter((event) => event.type === 'Contended');

      const receivedIds = received.map((event) => event.eventId);
      expect(new Set(receivedIds).size).toBe(receivedIds.length);
      expect(new Set(receivedIds)).toEqual(new Set(acknowledged.keys()));
      for (const id of streams) {
        const versions = received.filter((event) => event.streamId === id).map((event) => event.streamVersion);
        expect(versions).toEqual(versions.map((_, index) => BigInt(index)));
        const stored = await store.readStream(id);
        expect(stored.map((event) => event.eventId)).toEqual(received.filter((event) => event.streamId === id).map((event) => event.eventId));
      }
      for (let index = 1; index < received.length; index += 1) {
        expect(
          comparePositions(received[index - 1]!.position, received[index]!.position),
          `${formatPosition(received[index - 1]!.position)} before ${formatPosition(received[index]!.position)}`,
        ).toBe(-1);
      }
      expect(conflicts).toBeGreaterThan(0);
      expect(acknowledged.size).toBeGreaterThan(0);
    });
  });
}
