import { comparePositions, type Position, type RecordedEvent } from '@carbon-ledger/contracts';

export type ReadAfter = (after: Position, limit: number) => Promise<RecordedEvent[]>;
export type CheckAbove = (after: Position) => Promise<boolean>;

/** How many of the newest events read are kept for other subscribers. */
const DEFAULT_CAPACITY = 4_000;

/**
 * Shares reads of the log's tail between the subscribers of one process.
 *
 * Every projection and reaction runner follows the log with its own cursor, and an
 * append wakes them all at once: without sharing, each runs the same query. Here
 * concurrent reads after the same position run once, and the newest segment read
 * is kept so a subscriber a little behind is served from memory.
 *
 * Sound because a read returns only events below the xid horizon: every event in
 * (after, last returned] is committed and final, so the segment is the log itself
 * there. A subscriber at the segment's end still asks the database.
 */
export class LogTail {
  /** Every event of the log in (from, events.at(-1)], in log order. */
  private segment: { from: Position; events: RecordedEvent[] } | undefined;
  private readonly reads = new Map<string, { limit: number; generation: number; result: Promise<RecordedEvent[]> }>();
  private readonly checks = new Map<string, { generation: number; result: Promise<boolean> }>();
  /** Counts append announcements: a read started before the latest one may have missed it. */
  private generation = 0;
  /**
   * Where a database read found the end of the visible log (it returned fewer events than asked
   * for), and the generation it started in: until the next append announcement, a read after
   * that position finds nothing but what a horizon that moved may have uncovered.
   */
  private visibleEnd: { key: string; generation: number } | undefined;
  /** A check that found nothing committed after a position, and the generation it started in. */
  private nothingAbove: { key: string; generation: number } | undefined;

  constructor(
    private readonly readAfter: ReadAfter,
    private readonly checkAbove: CheckAbove,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {}

  /** Called on every append announcement (local or from another process). */
  appended(): void {
    this.generation += 1;
  }

  /** Up to `limit` events after `after`, possibly fewer than the log holds (the caller reads again). */
  async read(after: Position, limit: number): Promise<RecordedEvent[]> {
    const cached = this.cached(after, limit);
    if (cached) return cached;
    const key = positionKey(after);
    const inFlight = this.reads.get(key);
    // Joined only when no append was announced since it started, so a caller woken by an append sees it.
    if (inFlight && inFlight.limit >= limit && inFlight.generation === this.generation) return (await inFlight.result).slice(0, limit);
    const generation = this.generation;
    const result = this.readAfter(after, limit).then((events) => {
      this.remember(after, events);
      if (events.length < limit) this.visibleEnd = { key: positionKey(events.at(-1)?.position ?? after), generation };
      return events;
    });
    const entry = { limit, generation, result };
    this.reads.set(key, entry);
    try {
      return await result;
    } finally {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    }
  }

  /**
   * Whether a database read that started after the latest append announcement found the visible
   * log ending at `position`: a subscriber there need not read again before it checks the horizon.
   */
  endsVisibleLog(position: Position): boolean {
    const end = this.visibleEnd;
    return end !== undefined && end.generation === this.generation && end.key === positionKey(position);
  }

  /**
   * Whether committed events (visible or not yet below the horizon) follow `after`; concurrent
   * checks run once. "None" stays true until the next append announcement: events only come
   * from appends, and every committed append is announced.
   */
  async hasEventsAbove(after: Position): Promise<boolean> {
    const key = positionKey(after);
    const none = this.nothingAbove;
    if (none && none.generation === this.generation && none.key === key) return false;
    const inFlight = this.checks.get(key);
    if (inFlight && inFlight.generation === this.generation) return inFlight.result;
    const generation = this.generation;
    const entry = {
      generation,
      result: this.checkAbove(after).then((above) => {
        if (!above) this.nothingAbove = { key, generation };
        return above;
      }),
    };
    this.checks.set(key, entry);
    try {
      return await entry.result;
    } finally {
      if (this.checks.get(key) === entry) this.checks.delete(key);
    }
  }

  /** Whether `position` lies before what is kept: a read after it goes to the database. */
  isBehind(position: Position): boolean {
    const segment = this.segment;
    return segment !== undefined && comparePositions(position, segment.from) < 0;
  }

  private cached(after: Position, limit: number): RecordedEvent[] | undefined {
    const segment = this.segment;
    if (!segment || comparePositions(after, segment.from) < 0) return undefined;
    const { events } = segment;
    const lastEvent = events[events.length - 1];
    if (!lastEvent || comparePositions(after, lastEvent.position) >= 0) return undefined;
    // First event after `after`: binary search, positions ascend.
    let low = 0;
    let high = events.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (comparePositions(events[middle]!.position, after) > 0) high = middle;
      else low = middle + 1;
    }
    return events.slice(low, low + limit);
  }

  private remember(after: Position, events: readonly RecordedEvent[]): void {
    const lastRead = events[events.length - 1];
    if (!lastRead) return;
    const segment = this.segment;
    const segmentEnd = segment?.events[segment.events.length - 1];
    if (segment && segmentEnd && comparePositions(after, segment.from) >= 0 && comparePositions(after, segmentEnd.position) <= 0) {
      // Starts inside (or at the end of) what is kept: keep only what extends it.
      for (const event of events) {
        if (comparePositions(event.position, segmentEnd.position) > 0) segment.events.push(event);
      }
    } else {
      this.segment = { from: after, events: [...events] };
    }
    const kept = this.segment!;
    const excess = kept.events.length - this.capacity;
    if (excess > 0) {
      kept.from = kept.events[excess - 1]!.position;
      kept.events.splice(0, excess);
    }
  }
}

function positionKey(position: Position): string {
  return `${position.commit}:${position.prepare}`;
}
