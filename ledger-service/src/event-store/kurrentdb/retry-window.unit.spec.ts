import { END } from '@kurrent/kurrentdb-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type KurrentRecord, RETRY_WINDOW_EVENTS, scanForRetry } from './kurrentdb-event-store.js';

/** A stream of `length` events with ids e0, e1, ... at revisions 0, 1, ... */
function stream(length: number): KurrentRecord[] {
  return Array.from({ length }, (_, revision) => ({
    streamId: 'credit-market-SOLAR-2026',
    id: `e${revision}`,
    revision: BigInt(revision),
    type: 'OrderPlaced',
    isJson: true,
    data: {},
    metadata: {},
  }));
}

/**
 * KurrentDB's backward stream read, as the adapter uses it: from a revision (inclusive; END is
 * the last event) towards revision 0, at most `maxCount` events, newest first. Counts the events
 * it hands out, which is what an append pays for.
 */
function backwardReader(events: readonly KurrentRecord[]): {
  read: (from: bigint | typeof END, maxCount: number) => Promise<KurrentRecord[]>;
  readonly delivered: number;
  readonly reads: number;
} {
  const counts = { delivered: 0, reads: 0 };
  return {
    read: (from, maxCount) => {
      const start = from === END ? events.length - 1 : Math.min(Number(from), events.length - 1);
      const page: KurrentRecord[] = [];
      for (let revision = start; revision >= 0 && page.length < maxCount; revision -= 1) page.push(events[revision]!);
      counts.delivered += page.length;
      counts.reads += 1;
      return Promise.resolve(page);
    },
    get delivered() {
      return counts.delivered;
    },
    get reads() {
      return counts.reads;
    },
  };
}

describe('the retry window of the KurrentDB adapter (scanForRetry over an in-memory backward reader, no server)', () => {
  it('reads at most the window, however long the stream: an append to a 50,000-event stream reads 1,000 events, in two pages', async () => {
    const reader = backwardReader(stream(50_000));
    const result = await scanForRetry(reader.read, END, 'not-in-stream', RETRY_WINDOW_EVENTS);
    expect(result.duplicateAt).toBeUndefined();
    expect(result.tail?.revision).toBe(49_999n);
    expect(reader.delivered).toBe(1_000);
    expect(reader.reads).toBe(2);
  });

  it('finds a retried command whose first event is the oldest one inside the window, and not one just outside it', async () => {
    const events = stream(5_000);
    const inside = await scanForRetry(backwardReader(events).read, END, 'e4000', 1_000);
    expect(inside).toMatchObject({ duplicateAt: 4_000n, tail: { revision: 4_999n } });
    const outside = await scanForRetry(backwardReader(events).read, END, 'e3999', 1_000);
    expect(outside.duplicateAt).toBeUndefined();
  });

  it('scans from the expected revision when the append names one, and stops at the start of a short stream', async () => {
    const events = stream(30);
    const reader = backwardReader(events);
    expect(await scanForRetry(reader.read, 20n, 'e3', 1_000)).toMatchObject({ duplicateAt: 3n, tail: { revision: 20n } });
    expect(await scanForRetry(backwardReader(events).read, 20n, 'e25', 1_000)).toMatchObject({ duplicateAt: undefined, tail: { revision: 20n } });
    expect(await scanForRetry(backwardReader([]).read, END, 'e0', 1_000)).toEqual({ tail: undefined, duplicateAt: undefined });
  });

  it('for any stream, window and position: finds the id exactly when it lies within `window` events of the scan start, reads no more than the window, and reports the head read as the tail', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1, max: 1_500 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.nat(),
        async (length, window, fromSeed, targetSeed) => {
          const events = stream(length);
          const from = fromSeed === undefined || length === 0 ? END : BigInt(fromSeed % length);
          const start = from === END ? length - 1 : Number(from);
          const target = length === 0 ? 0 : targetSeed % length;
          const reader = backwardReader(events);
          const result = await scanForRetry(reader.read, from, `e${target}`, window);
          const reachable = target <= start && start - target < window;
          expect(result.duplicateAt).toBe(reachable ? BigInt(target) : undefined);
          expect(reader.delivered).toBeLessThanOrEqual(window);
          expect(result.tail?.revision).toBe(length === 0 ? undefined : BigInt(start));
        },
      ),
      { numRuns: 300 },
    );
  });
});
