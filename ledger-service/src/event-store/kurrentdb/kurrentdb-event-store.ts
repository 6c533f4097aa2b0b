import { createHash } from 'node:crypto';
import {
  type AllSubscription,
  type AppendResult,
  chainContent,
  comparePositions,
  DuplicateEventId,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type MultiStreamAppendResult,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions as StreamReadOptions,
  type RecordedEvent,
  START,
  type StreamAppend,
  type SubscribeAllOptions,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import {
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  BACKWARDS,
  type CurrentStreamState,
  END,
  type EventData,
  eventTypeFilter,
  excludeSystemEvents,
  isSystemStream,
  jsonEvent,
  type JSONType,
  KurrentDBClient,
  NO_STREAM,
  type ReadAllOptions as KurrentReadAllOptions,
  type ReadPosition,
  type ReadStreamOptions,
  START as LOG_START,
  StreamNotFoundError,
  UnsupportedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { type AppendObserver, AppendObservers, type ObservableAppends } from '../append-observer.js';

/** Metadata member holding the chain hash; KurrentDB stores it, readers never see it. */
export const CHAIN_METADATA_KEY = '$chain';

const DEFAULT_BATCH_SIZE = 500;
/** Page size of the backward stream scan that looks for a retried command's events. */
const STREAM_SCAN_PAGE = 500;
/**
 * How many of a stream's latest events (at or below the revision an append expects) are
 * searched for a retried command's first event id. The PostgreSQL store's log-wide event-id key
 * refuses a duplicate however old; here a retry is recognised while fewer than this many events
 * were appended to its stream since its first attempt (docs/event-store.md, "Retries on
 * KurrentDB"). The window counts events, not time: a stream does not move while the service is
 * down, so a retry after an outage of any length is still recognised.
 */
export const RETRY_WINDOW_EVENTS = 1_000;
const HEAD_SCAN_PAGE = 32;
/** 'any' and 'exists' pin the revision they read; a concurrent writer makes them read again. */
const MAX_PINNED_ATTEMPTS = 20;

const EMPTY_HASH = Buffer.alloc(0);
const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The fields this adapter uses of a KurrentDB event, from stream reads, $all reads and subscriptions alike. */
export interface KurrentRecord {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  readonly type: string;
  readonly isJson: boolean;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly position?: Position | undefined;
}

/** An event as it will be stored: data and metadata already through JSON, so the hash covers what readers get back. */
export interface StoredEventContent {
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: Record<string, unknown>;
}

type PinnedExpectation = Exclude<ExpectedVersion, 'no_stream'>;

type AppendPlan =
  | { readonly kind: 'append'; readonly streamState: AppendStreamState; readonly previousHash: Buffer }
  | { readonly kind: 'already-appended'; readonly result: AppendResult };

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function copyPosition(position: Position): Position {
  return { commit: position.commit, prepare: position.prepare };
}

/** Where a KurrentDB read starts for an exclusive `after`; START (commit -1) is the beginning of the log. */
export function toReadPosition(after: Position | undefined): ReadPosition {
  return !after || after.commit < 0n ? LOG_START : copyPosition(after);
}

/**
 * The stream state to append with, given the revision just read (`current`), or undefined when the
 * expectation already fails. 'any' and 'exists' are pinned to that revision so the hash chain never forks.
 */
export function pinnedStreamState(expected: PinnedExpectation, current: bigint | 'no_stream'): AppendStreamState | undefined {
  if (current === 'no_stream') return expected === 'any' ? NO_STREAM : undefined;
  if (typeof expected === 'bigint') return expected === current ? expected : undefined;
  return current;
}

export function toWrongExpectedVersion(streamId: string, expected: ExpectedVersion, actual: CurrentStreamState): WrongExpectedVersion {
  return new WrongExpectedVersion(streamId, expected, actual === 'no_stream' || actual < 0n ? 'no_stream' : actual);
}

/** Round-trips a value through JSON, as KurrentDB will store it. */
function asStoredJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value) ?? 'null');
}

export function toStoredContent(event: EventToAppend): StoredEventContent {
  const metadata = asStoredJson(event.metadata);
  if (!isJsonObject(metadata)) throw new TypeError(`event ${event.eventId}: metadata must be a JSON object`);
  return { eventId: event.eventId, type: event.type, data: asStoredJson(event.data), metadata };
}

/** hash_n = sha256(hash_{n-1} || utf8(chainContent(event_n))). */
export function chainHash(previous: Buffer, streamId: string, event: StoredEventContent): Buffer {
  return createHash('sha256')
    .update(previous)
    .update(chainContent({ streamId, ...event }), 'utf8')
    .digest();
}

/** The events to send, each carrying its chain hash in metadata. */
export function chainedEvents(streamId: string, previousHash: Buffer, events: readonly StoredEventContent[]): EventData[] {
  let previous = previousHash;
  return events.map((event) => {
    previous = chainHash(previous, streamId, event);
    return jsonEvent({
      id: event.eventId,
      type: event.type,
      // Any JSON value is fine: the client JSON-stringifies data whatever its type.
      data: event.data as JSONType,
      metadata: { ...event.metadata, [CHAIN_METADATA_KEY]: { hash: previous.toString('hex') } },
    });
  });
}

/**
 * Metadata member of an event appended to several streams at once: the server's multi-stream append
 * takes metadata as string properties only, so the whole metadata (chain member included) travels as
 * one JSON text under this key, and readers unwrap it.
 */
export const JSON_METADATA_KEY = '$json';

/** The events of one part of a multi-stream append, chained like chainedEvents, their metadata as one JSON text. */
export function chainedRecords(streamId: string, previousHash: Buffer, events: readonly StoredEventContent[]): EventData[] {
  return chainedEvents(streamId, previousHash, events).map((event) => ({
    ...event,
    metadata: { [JSON_METADATA_KEY]: JSON.stringify(event.metadata) },
  }));
}

/** The metadata as written: unwrapped from its JSON text when it was appended to several streams at once. */
function unwrapMetadata(raw: unknown): unknown {
  if (!isJsonObject(raw) || typeof raw[JSON_METADATA_KEY] !== 'string' || Object.keys(raw).length !== 1) return raw;
  try {
    return JSON.parse(raw[JSON_METADATA_KEY]);
  } catch {
    return raw;
  }
}

/** Separates the chain hash from the metadata the caller wrote; undefined when metadata is not a JSON object. */
export function splitChainMetadata(stored: unknown): { metadata: EventMetadata; hash: string | undefined } | undefined {
  const raw = unwrapMetadata(stored);
  if (!isJsonObject(raw)) return undefined;
  const { [CHAIN_METADATA_KEY]: chain, ...metadata } = raw;
  const hash = isJsonObject(chain) && typeof chain.hash === 'string' ? chain.hash : undefined;
  // Like the PostgreSQL adapter, stored metadata is trusted to have the shape it was written with.
  return { metadata: metadata as unknown as EventMetadata, hash };
}

/**
 * A ledger event, or undefined for what the port never shows: system events ($-prefixed type or
 * stream, link events included), events whose data is not JSON, events without JSON object metadata.
 * An event written around this adapter (no chain hash) keeps an empty hash, so verification flags it.
 */
export function toRecordedEvent(record: KurrentRecord): RecordedEvent | undefined {
  if (record.type.startsWith('$') || isSystemStream(record.streamId) || !record.isJson) return undefined;
  const split = splitChainMetadata(record.metadata);
  if (!split) return undefined;
  if (!record.position) {
    throw new Error(`KurrentDB returned event ${record.id} without a log position (server 22.6 or later is required)`);
  }
  return {
    streamId: record.streamId,
    streamVersion: record.revision,
    eventId: record.id,
    type: record.type,
    data: record.data,
    metadata: split.metadata,
    position: copyPosition(record.position),
    hash: split.hash ?? '',
  };
}

/** The position of the last event of several appends' answers. */
function lastPosition(results: readonly AppendResult[]): Position {
  return results.reduce((last, result) => (comparePositions(result.position, last) > 0 ? result.position : last), results[0]!.position);
}

function previousHashOf(record: KurrentRecord): Buffer {
  const hash = splitChainMetadata(record.metadata)?.hash;
  if (hash === undefined || !HASH_PATTERN.test(hash)) {
    throw new Error(`${record.streamId}@${record.revision} carries no chain hash; refusing to extend a broken chain`);
  }
  return Buffer.from(hash, 'hex');
}

/** Where a backward scan for a retried command's events stands after some pages. */
export interface RetryScan {
  /** The first event read: the stream's head at or below the revision scanned from. */
  readonly tail: KurrentRecord | undefined;
  /** The lowest revision read so far. */
  readonly lowest: bigint | undefined;
  /** Events read so far, at most the window. */
  readonly scanned: number;
}

export const RETRY_SCAN_START: RetryScan = { tail: undefined, lowest: undefined, scanned: 0 };

export type RetryScanStep =
  | { readonly kind: 'found'; readonly tail: KurrentRecord; readonly duplicateAt: bigint }
  | { readonly kind: 'done'; readonly tail: KurrentRecord | undefined }
  | { readonly kind: 'more'; readonly scan: RetryScan; readonly fromRevision: bigint; readonly maxCount: number };

/** How many events the first page of a scan reads. */
export function firstRetryScanPage(window: number, page = STREAM_SCAN_PAGE): number {
  return Math.max(1, Math.min(page, window));
}

/**
 * One page of the backward scan (pure, so the window is tested without a server): the page
 * `requested` events long that was read, newest first. Stops at the event id, at the stream's
 * first event, at a short page (nothing older), or once `window` events were read.
 */
export function retryScanStep(
  scan: RetryScan,
  page: readonly KurrentRecord[],
  requested: number,
  eventId: string,
  window: number,
  pageSize = STREAM_SCAN_PAGE,
): RetryScanStep {
  let { tail, lowest, scanned } = scan;
  for (const record of page) {
    // A page starts at the revision asked for; a revision already seen is not counted twice.
    if (lowest !== undefined && record.revision >= lowest) continue;
    if (scanned >= window) break;
    lowest = record.revision;
    tail ??= record;
    scanned += 1;
    if (record.id === eventId) return { kind: 'found', tail, duplicateAt: record.revision };
  }
  if (page.length < requested || lowest === undefined || lowest === 0n || scanned >= window) return { kind: 'done', tail };
  return { kind: 'more', scan: { tail, lowest, scanned }, fromRevision: lowest - 1n, maxCount: Math.min(pageSize, window - scanned) };
}

/** The scan, page by page, over a backward reader (KurrentDB's readStream BACKWARDS from a revision, inclusive). */
export async function scanForRetry(
  readBackwards: (fromRevision: bigint | typeof END, maxCount: number) => Promise<readonly KurrentRecord[]>,
  from: bigint | typeof END,
  eventId: string,
  window: number,
): Promise<{ tail: KurrentRecord | undefined; duplicateAt: bigint | undefined }> {
  let scan = RETRY_SCAN_START;
  let fromRevision = from;
  let maxCount = firstRetryScanPage(window);
  for (;;) {
    const page = await readBackwards(fromRevision, maxCount);
    const step = retryScanStep(scan, page, maxCount, eventId, window);
    if (step.kind === 'found') return { tail: step.tail, duplicateAt: step.duplicateAt };
    if (step.kind === 'done') return { tail: step.tail, duplicateAt: undefined };
    ({ scan, fromRevision, maxCount } = step);
  }
}

function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
}

/**
 * KurrentDB adapter of the event store. KurrentDB orders the log and checks expected revisions;
 * this adapter adds the per-stream hash chain (kept in event metadata) and, for 'any', 'exists'
 * and explicit versions, finds a retried command's events in the stream by event id.
 */
export class KurrentDbEventStore implements EventStore, ObservableAppends {
  private readonly subscriptions = new Set<AllSubscription>();
  private readonly observers = new AppendObservers();

  constructor(
    private readonly client: KurrentDBClient,
    /** RETRY_WINDOW_EVENTS unless a test narrows it. */
    private readonly retryWindow = RETRY_WINDOW_EVENTS,
  ) {}

  static connect(connectionString: string, options: { readonly retryWindow?: number } = {}): KurrentDbEventStore {
    return new KurrentDbEventStore(KurrentDBClient.connectionString(connectionString), options.retryWindow);
  }

  appendToStream(streamId: string, events: readonly EventToAppend[], options: { readonly expected: ExpectedVersion }): Promise<AppendResult> {
    return this.observers.time(this.append(streamId, events, options.expected), (error) => error instanceof WrongExpectedVersion);
  }

  /**
   * The server's multi-stream append (KurrentDB 25.1 and later): every part at its pinned revision,
   * committed together. Each part is planned as a single append is (a retry is found by its first
   * event id in the retry window), so a retry of the whole append is answered as one.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    return this.observers.time(this.appendMany(appends), (error) => error instanceof WrongExpectedVersion);
  }

  observeAppends(observer: AppendObserver): () => void {
    return this.observers.observeAppends(observer);
  }

  /** The part whose stream is no longer where its plan pinned it (the server named none). */
  private async movedPart(parts: readonly StreamAppend[], plans: readonly AppendPlan[]): Promise<StreamAppend> {
    const revisions = await Promise.all(parts.map((part) => this.currentRevision(part.streamId)));
    const moved = parts.find((_, index) => {
      const plan = plans[index];
      const pinned = plan?.kind === 'append' ? plan.streamState : undefined;
      return pinned === NO_STREAM ? revisions[index] !== 'no_stream' : pinned !== revisions[index];
    });
    return moved ?? parts[0]!;
  }

  private async appendMany(parts: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    if (parts.length === 0) throw new RangeError('appendToStreams needs at least one stream');
    if (new Set(parts.map((part) => part.streamId)).size < parts.length) throw new RangeError('appendToStreams takes each stream once');
    for (const part of parts) {
      if (part.events.length === 0) throw new RangeError('appendToStreams needs at least one event per stream');
      if (typeof part.expected === 'bigint' && part.expected < 0n) throw new RangeError('expected version must be >= 0');
    }
    const stored = parts.map((part) => part.events.map(toStoredContent));
    for (let attempt = 1; ; attempt += 1) {
      const plans = await Promise.all(parts.map((part, index) => this.planAppend(part.streamId, stored[index]!, part.expected)));
      const done = plans.flatMap((plan) => (plan.kind === 'already-appended' ? [plan.result] : []));
      if (done.length === parts.length) return { streams: done, position: lastPosition(done), alreadyAppended: true };
      if (done.length > 0) throw new DuplicateEventId(stored[plans.findIndex((plan) => plan.kind === 'already-appended')]![0]!.eventId);
      try {
        this.observers.batchWritten(
          1,
          stored.reduce((count, events) => count + events.length, 0),
        );
        const written = await this.client.multiStreamAppend(
          parts.map((part, index) => {
            const plan = plans[index]!;
            if (plan.kind !== 'append') throw new Error('unreachable');
            return { streamName: part.streamId, events: chainedRecords(part.streamId, plan.previousHash, stored[index]!), expectedState: plan.streamState };
          }),
        );
        const streams = await Promise.all(
          parts.map((part) => {
            const revision = written.responses.find((response) => response.streamName === part.streamId)?.revision;
            if (revision === undefined) throw new Error(`multi-stream append answered nothing for ${part.streamId}`);
            return this.appendResult(part.streamId, revision, undefined);
          }),
        );
        return { streams, position: lastPosition(streams) };
      } catch (error) {
        if (error instanceof UnsupportedError) {
          throw new Error(`this KurrentDB server cannot append to several streams at once (${error.feature} needs ${error.minimumVersion} or later)`, {
            cause: error,
          });
        }
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const refused = parts.find((part) => part.streamId === error.streamName) ?? (await this.movedPart(parts, plans));
        const pinned = refused.expected === 'any' || refused.expected === 'exists';
        if (pinned && attempt < MAX_PINNED_ATTEMPTS) {
          await pause(attempt);
          continue;
        }
        throw toWrongExpectedVersion(refused.streamId, refused.expected, await this.currentRevision(refused.streamId));
      }
    }
  }

  private async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
    if (typeof expected === 'bigint' && expected < 0n) throw new RangeError('expected version must be >= 0');
    const stored = events.map(toStoredContent);

    for (let attempt = 1; ; attempt += 1) {
      const plan = await this.planAppend(streamId, stored, expected);
      if (plan.kind === 'already-appended') return plan.result;

      let actual: CurrentStreamState;
      try {
        const chained = chainedEvents(streamId, plan.previousHash, stored);
        this.observers.batchWritten(1, chained.length);
        const written = await this.client.appendToStream(streamId, chained, { streamState: plan.streamState });
        if (written.success) return await this.appendResult(streamId, written.nextExpectedRevision, written.position);
        // throwOnAppendFailure=false in the connection string turns conflicts into answers.
        actual = await this.currentRevision(streamId);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        actual = error.actualState;
      }
      if ((expected === 'any' || expected === 'exists') && attempt < MAX_PINNED_ATTEMPTS) {
        await pause(attempt);
        continue;
      }
      throw toWrongExpectedVersion(streamId, expected, actual);
    }
  }

  async readStream(streamId: string, options: StreamReadOptions = {}): Promise<RecordedEvent[]> {
    // Stream revisions are our stream versions.
    const from = options.afterVersion === undefined ? {} : { fromRevision: options.afterVersion + 1n };
    const records = await this.readStreamRecords(streamId, from);
    return records.flatMap((record) => toRecordedEvent(record) ?? []);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let cursor = options.after ?? START;
    while (events.length < options.limit) {
      // One more than needed: reading $all from a position returns the event at that position too.
      const pageSize = options.limit - events.length + 1;
      const page = await this.readAllRecords({ fromPosition: toReadPosition(cursor), maxCount: pageSize }, options.eventTypes);
      for (const record of page) {
        if (comparePositions(record.position, cursor) <= 0) continue;
        cursor = copyPosition(record.position);
        const event = toRecordedEvent(record);
        if (event) events.push(event);
      }
      if (page.length < pageSize) break;
    }
    return events.slice(0, options.limit);
  }

  async headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    let cursor: Position | undefined;
    for (;;) {
      const page = await this.readAllRecords({ direction: BACKWARDS, fromPosition: from, maxCount: HEAD_SCAN_PAGE });
      for (const record of page) {
        if (cursor && comparePositions(record.position, cursor) >= 0) continue;
        cursor = copyPosition(record.position);
        if (toRecordedEvent(record)) return cursor;
      }
      if (page.length < HEAD_SCAN_PAGE || !cursor) return START;
      from = cursor;
    }
  }

  subscribeAll(options: SubscribeAllOptions = {}): AllSubscription {
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
    const after = options.after ?? START;
    const { client, subscriptions } = this;
    let stopped = false;
    let wake: (() => void) | undefined;
    const signal = (): void => {
      const resume = wake;
      wake = undefined;
      resume?.();
    };

    async function* batches(): AsyncGenerator<readonly RecordedEvent[]> {
      let cursor = after;
      let ended = false;
      let failure: { readonly error: unknown } | undefined;
      // Catch-up from an exclusive position, then live; system events are filtered out by the server.
      const source = client.subscribeToAll({ fromPosition: toReadPosition(after), filter: excludeSystemEvents() });
      source.on('readable', signal);
      source.on('end', () => {
        ended = true;
        signal();
      });
      source.on('error', (error: unknown) => {
        failure ??= { error };
        signal();
      });
      try {
        while (!stopped) {
          // Whatever has arrived (up to batchSize) is one batch.
          const batch: RecordedEvent[] = [];
          while (batch.length < batchSize) {
            const resolved = source.read() as AllStreamResolvedEvent | null;
            if (resolved === null) break;
            const record = resolved.event;
            if (!record || comparePositions(record.position, cursor) <= 0) continue;
            cursor = copyPosition(record.position);
            const event = toRecordedEvent(record);
            if (event) batch.push(event);
          }
          if (batch.length > 0) {
            yield batch;
            continue;
          }
          if (failure) throw failure.error;
          if (ended) return;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      } finally {
        subscriptions.delete(subscription);
        await source.unsubscribe().catch(() => undefined);
      }
    }

    const iterator = batches();
    const subscription: AllSubscription = {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        stopped = true;
        subscriptions.delete(subscription);
        signal();
        await iterator.return(undefined);
      },
    };
    subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  private async planAppend(streamId: string, events: readonly StoredEventContent[], expected: ExpectedVersion): Promise<AppendPlan> {
    // KurrentDB itself makes a retry with 'no_stream' idempotent: it finds the same ids at 0..n-1.
    if (expected === 'no_stream') return { kind: 'append', streamState: NO_STREAM, previousHash: EMPTY_HASH };

    const [first] = events;
    if (!first) throw new RangeError('appendToStream needs at least one event');
    // KurrentDB only recognises a retry sent with the same expected revision; a command retried
    // after reloading its stream (or with a pinned 'any') comes with a newer one, so look by id.
    const from = expected === 'any' || expected === 'exists' ? END : expected;
    const { tail, duplicateAt } = await this.scanStream(streamId, from, first.eventId);
    if (duplicateAt !== undefined) {
      return { kind: 'already-appended', result: await this.confirmRetry(streamId, events, duplicateAt) };
    }
    const streamState = pinnedStreamState(expected, tail ? tail.revision : 'no_stream');
    if (streamState === undefined) {
      const actual = typeof expected === 'bigint' ? await this.currentRevision(streamId) : 'no_stream';
      throw toWrongExpectedVersion(streamId, expected, actual);
    }
    return { kind: 'append', streamState, previousHash: tail ? previousHashOf(tail) : EMPTY_HASH };
  }

  /**
   * Reads backwards from `from`, at most the retry window: the first event read, and where
   * `eventId` sits if it is there. An append pays for this window, never for the whole stream.
   */
  private scanStream(
    streamId: string,
    from: bigint | typeof END,
    eventId: string,
  ): Promise<{ tail: KurrentRecord | undefined; duplicateAt: bigint | undefined }> {
    return scanForRetry(
      (fromRevision, maxCount) => this.readStreamRecords(streamId, { direction: BACKWARDS, fromRevision, maxCount }),
      from,
      eventId,
      this.retryWindow,
    );
  }

  /** The earlier append of a retried command: the same ids in order from `from`, else the id was reused. */
  private async confirmRetry(streamId: string, events: readonly StoredEventContent[], from: bigint): Promise<AppendResult> {
    const stored = await this.readStreamRecords(streamId, { fromRevision: from, maxCount: events.length });
    const last = stored.at(-1);
    const same = stored.length === events.length && stored.every((record, index) => record.id === events[index]?.eventId);
    if (!same || !last?.position) throw new DuplicateEventId(events[0]?.eventId ?? '');
    return { nextExpectedVersion: last.revision, position: copyPosition(last.position), alreadyAppended: true };
  }

  /**
   * The append answer carries the commit position as both parts (not the last event's prepare
   * position), and none at all for an idempotent retry: read the last event back.
   */
  private async appendResult(streamId: string, revision: bigint, answered: Position | undefined): Promise<AppendResult> {
    const [last] = await this.readStreamRecords(streamId, { fromRevision: revision, maxCount: 1 });
    const position = last?.revision === revision ? last.position : answered;
    if (!position) throw new Error(`no log position for ${streamId}@${revision}`);
    return { nextExpectedVersion: revision, position: copyPosition(position) };
  }

  private async currentRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const [last] = await this.readStreamRecords(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
    return last ? last.revision : 'no_stream';
  }

  /** Every event of a (bounded) stream read; [] when the stream does not exist. */
  private async readStreamRecords(streamId: string, options: ReadStreamOptions): Promise<KurrentRecord[]> {
    const records: KurrentRecord[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, options)) {
        if (resolved.event) records.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return records;
  }

  /** One bounded page of $all without system events (with `eventTypes`, only those: the server filters), read to its end. */
  private async readAllRecords(options: KurrentReadAllOptions, eventTypes?: ReadonlySet<string>): Promise<AllStreamRecordedEvent[]> {
    const records: AllStreamRecordedEvent[] = [];
    const filter = eventTypes ? eventTypeFilter({ regex: `^(?:${[...eventTypes].map(escapeRegex).join('|')})$` }) : excludeSystemEvents();
    for await (const resolved of this.client.readAll({ ...options, filter })) {
      if (resolved.event) records.push(resolved.event);
    }
    return records;
  }
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
