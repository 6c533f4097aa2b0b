import type { EventMetadata } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { AppendBatcher, type PendingAppend } from './append-batcher.js';
import { StreamHeads } from './stream-heads.js';

function pending(streamId: string, events = 1): PendingAppend & { readonly settled: Promise<unknown> } {
  let resolve!: (value: unknown) => void;
  const settled = new Promise((done) => {
    resolve = done;
  });
  return {
    streamId,
    events: Array.from({ length: events }, (_, index) => ({
      eventId: `${streamId}-${index}`,
      type: 'T',
      data: {},
      metadata: {} as EventMetadata,
    })),
    expected: 'any',
    code: -1n,
    texts: [],
    resolve,
    reject: resolve,
    settled,
  };
}

/** A writer whose batches finish when the test says so. */
function recordingWriter(): {
  readonly batches: string[][];
  finish(index: number): void;
  write(batch: readonly PendingAppend[]): Promise<void>;
} {
  const batches: string[][] = [];
  const finishers: Array<() => void> = [];
  return {
    batches,
    finish: (index) => finishers[index]?.(),
    write: (batch) =>
      new Promise<void>((resolve) => {
        batches.push(batch.map((append) => append.streamId));
        finishers.push(() => {
          for (const append of batch) append.resolve(undefined);
          resolve();
        });
      }),
  };
}

/** Two event-loop turns: one for a finished batch's callbacks, one for the batcher's scheduled start. */
const settle = async (): Promise<void> => {
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('AppendBatcher', () => {
  it('writes appends submitted together as one batch, and everything that waited for it as the next', async () => {
    const writer = recordingWriter();
    const batcher = new AppendBatcher((batch) => writer.write(batch), { batchesInFlight: 4, parallelEvents: 64, batchEvents: 1_000 });
    for (const stream of ['a', 'b']) batcher.submit(pending(stream));
    await settle();
    expect(writer.batches).toEqual([['a', 'b']]);
    for (const stream of ['c', 'd', 'e']) batcher.submit(pending(stream));
    await settle();
    expect(writer.batches).toEqual([['a', 'b']]);
    writer.finish(0);
    await settle();
    expect(writer.batches).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });

  it('keeps appends of one stream in order, together in one batch, and never two batches of a stream in flight', async () => {
    const writer = recordingWriter();
    const batcher = new AppendBatcher((batch) => writer.write(batch), { batchesInFlight: 4, parallelEvents: 1, batchEvents: 1_000 });
    batcher.submit(pending('a'));
    batcher.submit(pending('a'));
    batcher.submit(pending('b'));
    batcher.submit(pending('a'));
    await settle();
    // Waiting appends of one stream go together, in the order they came.
    expect(writer.batches).toEqual([['a', 'a', 'b', 'a']]);
    batcher.submit(pending('a'));
    batcher.submit(pending('c'));
    await settle();
    // 'a' is being written: its next append waits; 'c' may start beside it.
    expect(writer.batches).toEqual([['a', 'a', 'b', 'a'], ['c']]);
    writer.finish(0);
    await settle();
    expect(writer.batches).toEqual([['a', 'a', 'b', 'a'], ['c'], ['a']]);
  });

  it('starts batches side by side only when enough events wait, up to the limit', async () => {
    const writer = recordingWriter();
    const batcher = new AppendBatcher((batch) => writer.write(batch), { batchesInFlight: 2, parallelEvents: 100, batchEvents: 150 });
    batcher.submit(pending('small-1', 10));
    await settle();
    batcher.submit(pending('small-2', 10));
    await settle();
    expect(writer.batches).toEqual([['small-1']]);
    batcher.submit(pending('big-1', 100));
    await settle();
    // 110 events wait: a second batch starts, and takes what fits in 150 events.
    expect(writer.batches).toEqual([['small-1'], ['small-2', 'big-1']]);
    batcher.submit(pending('big-2', 100));
    batcher.submit(pending('big-3', 100));
    await settle();
    expect(writer.batches).toHaveLength(2);
    writer.finish(0);
    await settle();
    expect(writer.batches[2]).toEqual(['big-2']);
  });
});

describe('StreamHeads', () => {
  const hash = (byte: number): Buffer => Buffer.alloc(32, byte);

  it('knows a new stream without asking and a remembered head only at its own version', () => {
    const heads = new StreamHeads(10);
    expect(heads.knownHead('s', 'no_stream')).toEqual({ version: -1n, hash: Buffer.alloc(0) });
    expect(heads.knownHead('s', 0n)).toBeUndefined();
    heads.set('s', { version: 3n, hash: hash(3) });
    expect(heads.knownHead('s', 3n)?.hash).toEqual(hash(3));
    expect(heads.knownHead('s', 2n)).toBeUndefined();
    expect(heads.knownHead('s', 'any')?.version).toBe(3n);
    // The stream exists: 'no_stream' fails or is a retry, which only the database can tell.
    expect(heads.knownHead('s', 'no_stream')).toBeUndefined();
    expect(heads.knownHead('s', 'exists')?.version).toBe(3n);
  });

  it('never goes back to an older head and forgets the oldest streams beyond its capacity', () => {
    const heads = new StreamHeads(2);
    heads.set('a', { version: 5n, hash: hash(5) });
    heads.set('a', { version: 4n, hash: hash(4) });
    expect(heads.knownHead('a', 'any')?.version).toBe(5n);
    heads.set('b', { version: 0n, hash: hash(0) });
    heads.set('c', { version: 0n, hash: hash(0) });
    expect(heads.knownHead('a', 'any')).toBeUndefined();
    expect(heads.knownHead('c', 0n)).toBeDefined();
  });
});
