import type { Position, RecordedEvent } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { LogTail } from './log-tail.js';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number) => ({ eventId: `e${n}`, position: at(n) }) as unknown as RecordedEvent;

/** A log of events 1..head; reads count how often the database would be asked. */
function fakeLog(head: { value: number }) {
  const calls: { after: number; limit: number }[] = [];
  const checks: number[] = [];
  const readAfter = async (after: Position, limit: number) => {
    calls.push({ after: Number(after.commit), limit });
    // What the query sees is fixed when it starts; the answer arrives later.
    const visible = head.value;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const events: RecordedEvent[] = [];
    for (let n = Number(after.commit) + 1; n <= visible && events.length < limit; n += 1) events.push(event(n));
    return events;
  };
  const checkAbove = async (after: Position) => {
    checks.push(Number(after.commit));
    return Number(after.commit) < head.value;
  };
  return { calls, checks, readAfter, checkAbove };
}

describe('LogTail: subscribers share reads of the log tail', () => {
  it('runs concurrent reads after the same position once', async () => {
    const head = { value: 10 };
    const log = fakeLog(head);
    const tail = new LogTail(log.readAfter, log.checkAbove);
    const results = await Promise.all(Array.from({ length: 12 }, () => tail.read(at(0), 500)));
    expect(log.calls).toHaveLength(1);
    for (const result of results) expect(result.map((e) => e.eventId)).toEqual(Array.from({ length: 10 }, (_, i) => `e${i + 1}`));
  });

  it('serves a subscriber behind the newest read from memory, in order and within its limit', async () => {
    const head = { value: 10 };
    const log = fakeLog(head);
    const tail = new LogTail(log.readAfter, log.checkAbove);
    await tail.read(at(0), 500);
    expect((await tail.read(at(4), 3)).map((e) => e.eventId)).toEqual(['e5', 'e6', 'e7']);
    expect((await tail.read(at(8), 500)).map((e) => e.eventId)).toEqual(['e9', 'e10']);
    expect(log.calls).toHaveLength(1);
    // At the end of what it holds it asks the database, and keeps what extends the segment.
    head.value = 12;
    expect((await tail.read(at(10), 500)).map((e) => e.eventId)).toEqual(['e11', 'e12']);
    expect((await tail.read(at(9), 500)).map((e) => e.eventId)).toEqual(['e10', 'e11', 'e12']);
    expect(log.calls).toHaveLength(2);
  });

  it('does not hand a read started before an append to a subscriber woken by that append', async () => {
    const head = { value: 3 };
    const log = fakeLog(head);
    const tail = new LogTail(log.readAfter, log.checkAbove);
    const early = tail.read(at(3), 500);
    head.value = 4;
    tail.appended();
    const woken = tail.read(at(3), 500);
    expect((await early).map((e) => e.eventId)).toEqual([]);
    expect((await woken).map((e) => e.eventId)).toEqual(['e4']);
    expect(log.calls).toHaveLength(2);
  });

  it('keeps at most its capacity of the newest events', async () => {
    const head = { value: 20 };
    const log = fakeLog(head);
    const tail = new LogTail(log.readAfter, log.checkAbove, 5);
    await tail.read(at(0), 500);
    expect((await tail.read(at(16), 500)).map((e) => e.eventId)).toEqual(['e17', 'e18', 'e19', 'e20']);
    expect(log.calls).toHaveLength(1);
    // Before what it keeps: the database again.
    await tail.read(at(10), 2);
    expect(log.calls).toHaveLength(2);
  });

  it('knows where a read found the end of the log, until the next append is announced', async () => {
    const head = { value: 5 };
    const log = fakeLog(head);
    const tail = new LogTail(log.readAfter, log.checkAbove);
    // A full read (as many as asked for) says nothing about the end.
    await tail.read(at(0), 3);
    expect(tail.endsVisibleLog(at(3))).toBe(false);
    // A short one does: a subscriber at e5 need not read again.
    await tail.read(at(3), 500);
    expect(tail.endsVisibleLog(at(5))).toBe(true);
    expect(tail.endsVisibleLog(at(4))).toBe(false);
    head.value = 6;
    tail.appended();
    expect(tail.endsVisibleLog(at(5))).toBe(false);
    // A read that started before the announcement does not count for after it.
    const early = tail.read(at(5), 500);
    head.value = 7;
    tail.appended();
    await early;
    expect(tail.endsVisibleLog(at(6))).toBe(false);
  });

  it('asks the database again whether anything follows a position only after an append is announced', async () => {
    const head = { value: 5 };
    const log = fakeLog(head);
    const tail = new LogTail(log.readAfter, log.checkAbove);
    expect(await tail.hasEventsAbove(at(5))).toBe(false);
    expect(await tail.hasEventsAbove(at(5))).toBe(false);
    expect(log.checks).toEqual([5]);
    // "Something follows" is never kept: the subscriber reads, and checks again while the horizon holds it back.
    expect(await tail.hasEventsAbove(at(4))).toBe(true);
    expect(await tail.hasEventsAbove(at(4))).toBe(true);
    expect(log.checks).toEqual([5, 4, 4]);
    head.value = 6;
    tail.appended();
    expect(await tail.hasEventsAbove(at(5))).toBe(true);
    expect(log.checks).toEqual([5, 4, 4, 5]);
  });
});
