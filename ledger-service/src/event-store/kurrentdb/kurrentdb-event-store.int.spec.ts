import { randomUUID } from 'node:crypto';
import { comparePositions, DuplicateEventId, type EventStore, type EventToAppend, type Position, START } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../../test-support/event-store-contract-suite.js';
import { sampleEvent } from '../../test-support/sample-events.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';

const url = process.env.KURRENTDB_URL;

/**
 * The contract suite wants a store over an empty log; a shared server keeps older data, so here
 * the log starts after the head seen at `open` (reads from START or earlier begin there).
 */
function logStartingAfter(store: EventStore, origin: Position): EventStore {
  const clamp = (after: Position | undefined): Position => (after && comparePositions(after, origin) > 0 ? after : origin);
  return {
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
    readStream: (streamId) => store.readStream(streamId),
    readAll: (options) => store.readAll({ ...options, after: clamp(options.after) }),
    subscribeAll: (options = {}) => store.subscribeAll({ ...options, after: clamp(options.after) }),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

describeEventStoreContract(
  'KurrentDB',
  async () => {
    const store = KurrentDbEventStore.connect(url ?? '');
    const origin = await store.headPosition();
    return { store: logStartingAfter(store, origin), cleanup: () => store.close() };
  },
  { skip: !url },
);

function makeEvent(type: string): EventToAppend {
  return { ...sampleEvent(0), type, data: { type } };
}

describe.skipIf(!url)('KurrentDbEventStore on a shared server', () => {
  let store: KurrentDbEventStore;
  const stream = (name: string): string => `${name}-${randomUUID()}`;

  beforeAll(() => {
    store = KurrentDbEventStore.connect(url ?? '');
  });
  afterAll(async () => {
    await store?.close();
  });

  it('reads the existing log from its start in order, without system events', async () => {
    await store.appendToStream(stream('seen'), [makeEvent('Seen')], { expected: 'no_stream' });
    const page = await store.readAll({ after: START, limit: 50 });
    expect(page.length).toBeGreaterThan(0);
    for (const event of page) {
      expect(event.type.startsWith('$')).toBe(false);
      expect(event.streamId.startsWith('$')).toBe(false);
    }
    for (let index = 1; index < page.length; index += 1) {
      expect(comparePositions(page[index - 1]!.position, page[index]!.position)).toBe(-1);
    }
    const next = await store.readAll({ after: page.at(-1)!.position, limit: 1 });
    if (next[0]) expect(comparePositions(next[0].position, page.at(-1)!.position)).toBe(1);
  });

  it("does not append a command retried with 'any' or 'exists' twice", async () => {
    const id = stream('retry-any');
    const command = [makeEvent('A'), makeEvent('B')];
    const first = await store.appendToStream(id, command, { expected: 'any' });
    await store.appendToStream(id, [makeEvent('C')], { expected: 'exists' });
    const retried = await store.appendToStream(id, command, { expected: 'any' });
    const retriedExists = await store.appendToStream(id, command, { expected: 'exists' });
    for (const result of [retried, retriedExists]) {
      expect(result.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(comparePositions(result.position, first.position)).toBe(0);
    }
    expect((await store.readStream(id)).map((event) => event.type)).toEqual(['A', 'B', 'C']);
  });

  it('does not append a command retried after reloading its stream twice', async () => {
    const id = stream('retry-reloaded');
    await store.appendToStream(id, [makeEvent('A')], { expected: 'no_stream' });
    const command = [makeEvent('B')];
    const first = await store.appendToStream(id, command, { expected: 0n });
    const retried = await store.appendToStream(id, command, { expected: 1n });
    expect(retried).toEqual({ ...first, alreadyAppended: true });
    expect(await store.readStream(id)).toHaveLength(2);
  });

  it('refuses an event id reused for other events of the stream', async () => {
    const id = stream('reused');
    const reused = makeEvent('A');
    await store.appendToStream(id, [reused, makeEvent('B')], { expected: 'no_stream' });
    await expect(store.appendToStream(id, [reused, makeEvent('C')], { expected: 'any' })).rejects.toBeInstanceOf(DuplicateEventId);
  });

  it('recognises a retry within the retry window and, past it, appends the command again (the documented limit)', async () => {
    const narrow = KurrentDbEventStore.connect(url ?? '', { retryWindow: 3 });
    try {
      const id = stream('retry-window');
      const command = [makeEvent('Retried')];
      await narrow.appendToStream(id, command, { expected: 'no_stream' });
      await narrow.appendToStream(id, [makeEvent('B')], { expected: 'exists' });
      await narrow.appendToStream(id, [makeEvent('C')], { expected: 'exists' });
      // Three events at or below the head: the retried event is the third, inside the window.
      expect(await narrow.appendToStream(id, command, { expected: 'any' })).toMatchObject({ alreadyAppended: true });
      await narrow.appendToStream(id, [makeEvent('D')], { expected: 'exists' });
      // Now it lies four events back: outside a window of three, the retry is appended again.
      const again = await narrow.appendToStream(id, command, { expected: 'any' });
      expect(again.alreadyAppended).toBeUndefined();
      expect((await narrow.readStream(id)).map((event) => event.type)).toEqual(['Retried', 'B', 'C', 'D', 'Retried']);
    } finally {
      await narrow.close();
    }
  });
});
