import type { AppendResult, ChainedEventTexts, EventToAppend, ExpectedVersion } from '@carbon-ledger/contracts';
import { NextTurn } from '../../infrastructure/next-turn.js';

/** An append waiting for its batch; resolved with undefined when it must be retried alone. */
export interface PendingAppend {
  readonly streamId: string;
  readonly events: readonly EventToAppend[];
  readonly expected: ExpectedVersion;
  /** The expectation as append_batch reads it (>= 0 exact, -1 any, -2 no stream, -3 exists). */
  readonly code: bigint;
  readonly texts: readonly ChainedEventTexts[];
  readonly resolve: (result: AppendResult | undefined) => void;
  readonly reject: (error: unknown) => void;
  /** Other streams it writes (an atomic append to several streams): held back and in flight with it. */
  readonly alsoStreams?: readonly string[];
}

/** Every stream an append writes. */
export function streamsOf(append: PendingAppend): readonly string[] {
  return append.alsoStreams ? [append.streamId, ...append.alsoStreams] : [append.streamId];
}

export interface AppendBatcherOptions {
  /** At most this many batches are written at the same time (each on its own connection). */
  readonly batchesInFlight: number;
  /**
   * A second (third...) batch starts while one is being written only when at least this
   * many events wait: small appends are cheapest grouped (their cost is the commit's WAL
   * flush), large ones in parallel (their cost is CPU in the database server).
   */
  readonly parallelEvents: number;
  /** A batch stops taking appends at this many events (a larger append goes alone). */
  readonly batchEvents: number;
}

/**
 * Group commit for appends. Batches start on the next turn of the event loop
 * (setImmediate), so appends submitted together (say, by callers that the last batch
 * just answered) go together; while a batch is being written, new appends wait and
 * everything that waited goes in the next batch. A busy store pays one transaction (and
 * one WAL flush) for many appends; an idle one adds one event-loop turn. Enough waiting
 * events (`parallelEvents`) start another batch beside the one in flight, up to
 * `batchesInFlight`.
 *
 * A stream whose appends are being written waits for them: two batches of one stream
 * in flight together would race for the same version. Within a batch, appends of one
 * stream keep their order and each continues from the head the one before it leaves,
 * so the appends that lose a race on a shared stream are answered in the same round
 * trip as the one that wins.
 */
export class AppendBatcher {
  private queue: PendingAppend[] = [];
  private inFlight = 0;
  private queuedEvents = 0;
  private readonly nextPump = new NextTurn(() => this.pump());
  private readonly streamsInFlight = new Set<string>();

  constructor(
    private readonly write: (batch: readonly PendingAppend[]) => Promise<void>,
    private readonly options: AppendBatcherOptions,
  ) {}

  submit(append: PendingAppend): void {
    this.queue.push(append);
    this.queuedEvents += append.events.length;
    this.nextPump.schedule();
  }

  private pump(): void {
    while (this.queue.length > 0 && this.mayStartBatch()) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      for (const append of batch) for (const streamId of streamsOf(append)) this.streamsInFlight.add(streamId);
      this.write(batch)
        .catch((error: unknown) => {
          for (const append of batch) append.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          for (const append of batch) for (const streamId of streamsOf(append)) this.streamsInFlight.delete(streamId);
          this.nextPump.schedule();
        });
    }
  }

  private mayStartBatch(): boolean {
    if (this.inFlight === 0) return true;
    return this.inFlight < this.options.batchesInFlight && this.queuedEvents >= this.options.parallelEvents;
  }

  /** The oldest waiting appends of streams not being written, in order, up to the event limit. */
  private take(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const rest: PendingAppend[] = [];
    const heldBack = new Set<string>();
    let events = 0;
    for (const append of this.queue) {
      const streams = streamsOf(append);
      const blocked = streams.some((streamId) => heldBack.has(streamId) || this.streamsInFlight.has(streamId));
      const fits = batch.length === 0 || events + append.events.length <= this.options.batchEvents;
      if (blocked || !fits) {
        // A later append of a held-back stream must not overtake it.
        for (const streamId of streams) heldBack.add(streamId);
        rest.push(append);
        continue;
      }
      batch.push(append);
      events += append.events.length;
    }
    this.queue = rest;
    this.queuedEvents -= events;
    return batch;
  }
}
