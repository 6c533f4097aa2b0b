import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import {
  type AllSubscription,
  comparePositions,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type MultiStreamAppendResult,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type RecordedEventWithTexts,
  START,
  type StreamAppend,
  type SubscribeAllOptions,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { type AppendObserver, AppendObservers, type ObservableAppends } from '../append-observer.js';
import type { AppendBatcherOptions } from './append-batcher.js';
import { LogTail } from './log-tail.js';
import { PostgresAppender } from './postgres-appender.js';

const NOTIFY_CHANNEL = 'events_appended';
/** Fallback poll when no wake-up arrives (lost connection, events hidden behind the horizon). */
const IDLE_POLL_MS = 1_000;
/** Retry delay while committed events are still above the xid horizon. */
const HORIZON_RETRY_MS = 2;
/** Other processes learn of appends at most this much later. */
const NOTIFY_COALESCE_MS = 10;

interface EventRow {
  global_position: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  /** Hex, without bytea's `\\x` (see EVENT_TYPES). */
  hash: string;
  transaction_id: string;
}

const BYTEA_OID = 17;
const JSON_OID = 114;

const asText = (value: string): string => value;
/** bytea arrives as `\\x<hex>`; a RecordedEvent's hash is the hex. */
const hexOfBytea = (value: string): string => value.slice(2);

/**
 * How an event row is parsed, pinned here rather than taken from pg's process-wide registry: the
 * JSON columns with JSON.parse, the hash as its hex (sliced, not decoded into a Buffer and encoded
 * back: a catch-up read does it for every row), everything else as the text the server sent
 * (toRecorded makes the numbers BigInts). A library that sets pg's global parsers in the same
 * process (Emmett's dumbo, in bench:peers, parses json with a BigInt reviver and int8 as BigInt)
 * can then neither change what an event's data is nor slow every read of the log.
 */
const EVENT_TYPES = {
  getTypeParser: ((oid: number) => (oid === JSON_OID ? JSON.parse : oid === BYTEA_OID ? hexOfBytea : asText)) as typeof pg.types.getTypeParser,
};

/** The same, with the JSON columns as the text stored (toRecordedWithTexts parses them). */
const EVENT_TEXT_TYPES = {
  getTypeParser: ((oid: number) => (oid === BYTEA_OID ? hexOfBytea : asText)) as typeof pg.types.getTypeParser,
};

/** A catch-up read that returned a full batch starts the next one before its caller asks (see readAll). */
const PREFETCH_MIN_LIMIT = 500;
/** Readers with their own cursors each keep their next batch coming. */
const PREFETCHES_KEPT = 8;

/** Rows of the log a filtered read looks at per statement: it says how far it got, so a reader moves on past a long run of other types. */
const TYPE_SCAN_WINDOW = 10_000;
/** A filtered subscription hands over what it found after looking at this many events, so its reader can store how far it got. */
const TYPE_SCAN_PER_BATCH = 100_000;
/** Events a filtered subscription takes per read of the shared tail. */
const TAIL_READ = 1_000;

interface ScannedRow extends EventRow {
  scanned_transaction_id: string;
  scanned_global_position: string;
  scanned_count: string;
}

/** What a filtered read found, and the last event it looked at (it looked at every event in between). */
interface TypeScan {
  readonly events: RecordedEvent[];
  readonly through: Position;
  /** It reached the end of what readers may see now. */
  readonly endsVisibleLog: boolean;
  readonly scanned: number;
}

interface SubscriptionState {
  cursor: Position;
  readonly batchSize: number;
  readonly eventTypes: ReadonlySet<string> | undefined;
  stopped: boolean;
  /** Set by a wake-up that arrived while a read was in flight. */
  woken: boolean;
  wake: (() => void) | undefined;
}

const EVENT_COLUMNS = 'global_position, stream_id, stream_version, event_id, type, data, metadata, hash, transaction_id';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    streamVersion: BigInt(row.stream_version),
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) },
    hash: row.hash,
  };
}

/** A row read with EVENT_TEXT_TYPES: the event, and the texts its data and metadata were parsed from. */
function toRecordedWithTexts(row: EventRow): RecordedEventWithTexts {
  const dataText = row.data as string;
  const metadataText = row.metadata as unknown as string;
  // The row is this read's own: its JSON columns are parsed in place.
  row.data = JSON.parse(dataText);
  row.metadata = JSON.parse(metadataText) as RecordedEvent['metadata'];
  return Object.assign(toRecorded(row), { dataText, metadataText });
}

/** The cursor never starts below transaction 0 (xid8 is unsigned). */
function cursorParams(after: Position | undefined): [string, string] {
  const position = after ?? START;
  return [(position.commit < 0n ? 0n : position.commit).toString(), position.prepare.toString()];
}

/**
 * PostgreSQL adapter of the event store. Readers use the xid horizon
 * (transaction_id below the oldest running transaction) and the
 * (transaction_id, global_position) cursor, so an event that commits late is never skipped.
 */
export class PostgresEventStore implements EventStore, ObservableAppends {
  private readonly observers = new AppendObservers();
  private readonly appended = new EventEmitter();
  private listener: pg.Client | undefined;
  private listenerStarting: Promise<void> | undefined;
  private notifyTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Subscribers sleeping because committed events sit above the horizon. */
  private readonly behindHorizon = new Set<SubscriptionState>();
  /** Sent with our NOTIFYs, so the listener tells our own appends (already announced locally) from others'. */
  private readonly instanceId = randomUUID();
  /** Subscribers share their reads of the log's tail (see LogTail). */
  private readonly tail = new LogTail(
    (after, limit) => this.readAll({ after, limit }),
    (after) => this.hasEventsAbove(after),
  );

  /** The next catch-up read, started early (see readAll). */
  private readonly prefetched = new Map<string, Promise<RecordedEvent[] | undefined>>();

  /** The write side: group commit and the hash chain (see PostgresAppender). */
  private readonly appender: PostgresAppender;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionConfig: pg.ClientConfig,
    options: Partial<AppendBatcherOptions> = {},
  ) {
    this.appender = new PostgresAppender(
      pool,
      () => this.announceAppend(),
      options,
      (appends, events) => this.observers.batchWritten(appends, events),
    );
    this.appended.setMaxListeners(0);
    this.appended.on('appended', () => this.tail.appended());
  }

  appendToStream(streamId: string, events: readonly EventToAppend[], options: { readonly expected: ExpectedVersion }): Promise<AppendResult> {
    return this.observers.time(this.appender.append(streamId, events, options.expected), (error) => error instanceof WrongExpectedVersion);
  }

  appendToStreams(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    return this.observers.time(this.appender.appendStreams(appends), (error) => error instanceof WrongExpectedVersion);
  }

  observeAppends(observer: AppendObserver): () => void {
    return this.observers.observeAppends(observer);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>({
      name: 'read_stream_after',
      text: `select ${EVENT_COLUMNS} from events where stream_id = $1 and stream_version > $2 order by stream_version`,
      values: [streamId, (options.afterVersion ?? -1n).toString()],
      types: EVENT_TYPES,
    });
    const last = result.rows.at(-1);
    if (last) this.appender.observeHead(streamId, BigInt(last.stream_version), Buffer.from(last.hash, 'hex'));
    return result.rows.map(toRecorded);
  }

  async readStreamVersions(streamId: string, versions: readonly bigint[]): Promise<RecordedEvent[]> {
    if (versions.length === 0) return [];
    const result = await this.pool.query<EventRow>({
      name: 'read_stream_versions',
      // One index probe per version: as a filter, `= any` compared every event of the stream with every version.
      text: `select ${EVENT_COLUMNS} from unnest($2::bigint[]) as wanted (version)
             join events on stream_id = $1 and stream_version = wanted.version order by stream_version`,
      values: [streamId, versions.map(String)],
      types: EVENT_TYPES,
    });
    return result.rows.map(toRecorded);
  }

  /**
   * A read that returns a full batch (a reader catching up) starts the next read, from its
   * last event, before the caller asks for it: the database produces batch n+1 while this
   * process parses batch n. A prefetched read is as good as one made later: it returns a
   * prefix of the events below the horizon at its start, which are final (docs/event-store.md, "Reading: the horizon").
   * It is used only for the same cursor and limit, and only when it is full: a short one
   * may lack events committed since it started, so the caller's read goes to the database
   * (a read that returns less than the limit always started within the call).
   */
  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    if (options.eventTypes) return (await this.readTypes(options.after ?? START, options.limit, options.eventTypes, Infinity)).events;
    return this.readPrefetched(options.after ?? START, options.limit, false);
  }

  /** readAll with the stored JSON texts (the column is `json`: PostgreSQL keeps the text the writer stored, which it hashed). */
  async readAllWithTexts(options: Omit<ReadAllOptions, 'eventTypes'>): Promise<RecordedEventWithTexts[]> {
    return this.readPrefetched(options.after ?? START, options.limit, true);
  }

  private async readPrefetched(after: Position, limit: number, withTexts: false): Promise<RecordedEvent[]>;
  private async readPrefetched(after: Position, limit: number, withTexts: true): Promise<RecordedEventWithTexts[]>;
  private async readPrefetched(after: Position, limit: number, withTexts: boolean): Promise<RecordedEvent[]> {
    const keyOf = (position: Position): string => `${position.commit}:${position.prepare}:${limit}:${withTexts ? 'texts' : 'values'}`;
    const key = keyOf(after);
    const prefetched = this.prefetched.get(key);
    this.prefetched.delete(key);
    let events = prefetched ? await prefetched : undefined;
    if (events?.length !== limit) events = await this.readAfter(after, limit, withTexts);
    const last = events.at(-1);
    if (last && events.length === limit && limit >= PREFETCH_MIN_LIMIT && !this.closed) {
      // A failed prefetch is read again when asked for; the oldest unclaimed one is dropped.
      this.prefetched.set(
        keyOf(last.position),
        this.readAfter(last.position, limit, withTexts).catch(() => undefined),
      );
      if (this.prefetched.size > PREFETCHES_KEPT) this.prefetched.delete(this.prefetched.keys().next().value!);
    }
    return events;
  }

  /**
   * The lag a health check shows, counted on the log order index without reading the events' data
   * (a health check used to read and parse up to `cap` whole events per follower, every time).
   */
  async countAfter(after: Position, cap: number, eventTypes?: ReadonlySet<string>): Promise<{ count: number; oldestRecordedAt: string | undefined }> {
    const [commit, prepare] = cursorParams(after);
    const result = await this.pool.query<{ n: string; oldest: string | null }>({
      name: 'count_after',
      // The window first, the types among it: with the type in the scan, a follower of rare types
      // (or one whose checkpoint is not read yet, at START) read the whole log to find cap of them.
      text: `with looked_at as (
               select transaction_id, global_position, type from events
               where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                 and (transaction_id, global_position) > ($1::xid8, $2::bigint)
               order by transaction_id, global_position
               limit $3
             ), behind as (
               select transaction_id, global_position from looked_at where $4::text[] is null or type = any ($4::text[])
             ), first_behind as (
               select global_position from behind order by transaction_id, global_position limit 1
             )
             select (select count(*) from behind) as n,
                    (select e.metadata->>'recordedAt' from first_behind f join events e on e.global_position = f.global_position) as oldest`,
      values: [commit, prepare, cap, eventTypes ? [...eventTypes] : null],
    });
    const row = result.rows[0];
    return { count: Number(row?.n ?? 0), oldestRecordedAt: row?.oldest ?? undefined };
  }

  private async readAfter(after: Position, limit: number, withTexts = false): Promise<RecordedEvent[]> {
    const [commit, prepare] = cursorParams(after);
    const result = await this.pool.query<EventRow>({
      name: withTexts ? 'read_all_texts' : 'read_all',
      text: `select ${EVENT_COLUMNS} from events
             where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
               and (transaction_id, global_position) > ($1::xid8, $2::bigint)
             order by transaction_id, global_position
             limit $3`,
      values: [commit, prepare, limit],
      types: withTexts ? EVENT_TEXT_TYPES : EVENT_TYPES,
    });
    return withTexts ? result.rows.map(toRecordedWithTexts) : result.rows.map(toRecorded);
  }

  /**
   * Up to `limit` events of `types` after `after`, looking at the log a window at a time until it has
   * them, reaches the horizon or has looked at `maxScanned` events. Each window is one statement
   * under the xid horizon, so `through` (the last event looked at) is final: no event that commits
   * later can come before it.
   */
  private async readTypes(after: Position, limit: number, types: ReadonlySet<string>, maxScanned: number): Promise<TypeScan> {
    const events: RecordedEvent[] = [];
    let through = after;
    let scanned = 0;
    const typeList = [...types];
    while (events.length < limit && scanned < maxScanned) {
      const [commit, prepare] = cursorParams(through);
      const result = await this.pool.query<ScannedRow>({
        name: 'read_all_of_types',
        // The scan reads each row's heap tuple anyway (for its type), so it takes the columns with it:
        // joining the matches back to events let the planner hash-join against a full scan of the log.
        text: `with scanned as (
                 select ${EVENT_COLUMNS} from events
                 where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                   and (transaction_id, global_position) > ($1::xid8, $2::bigint)
                 order by transaction_id, global_position
                 limit $5
               ), last_scanned as (
                 select transaction_id, global_position, (select count(*) from scanned) as n
                 from scanned order by transaction_id desc, global_position desc limit 1
               ), matched as (
                 select * from scanned where type = any ($4::text[])
                 order by transaction_id, global_position limit $3
               )
               select l.transaction_id as scanned_transaction_id, l.global_position as scanned_global_position, l.n as scanned_count,
                      ${EVENT_COLUMNS.split(', ')
                        .map((column) => `m.${column}`)
                        .join(', ')}
               from last_scanned l
               left join matched m on true
               order by m.transaction_id, m.global_position`,
        values: [commit, prepare, limit - events.length, typeList, TYPE_SCAN_WINDOW],
        types: EVENT_TYPES,
      });
      const first = result.rows[0];
      // Nothing below the horizon after `through`.
      if (!first) return { events, through, endsVisibleLog: true, scanned };
      const found = result.rows.filter((row) => row.event_id !== null).map(toRecorded);
      events.push(...found);
      const count = Number(first.scanned_count);
      scanned += count;
      if (events.length >= limit) return { events, through: events.at(-1)!.position, endsVisibleLog: false, scanned };
      through = { commit: BigInt(first.scanned_transaction_id), prepare: BigInt(first.scanned_global_position) };
      if (count < TYPE_SCAN_WINDOW) return { events, through, endsVisibleLog: true, scanned };
    }
    return { events, through, endsVisibleLog: false, scanned };
  }

  /**
   * A filtered subscription's next events. From the shared tail where it holds the log after
   * `after` (caught-up subscribers then share one read of the log, as unfiltered ones do), else
   * (behind the tail, after a restart say) by type in the database.
   */
  private async readSubscribedTypes(after: Position, limit: number, types: ReadonlySet<string>): Promise<TypeScan> {
    const events: RecordedEvent[] = [];
    let through = after;
    let scanned = 0;
    while (scanned < TYPE_SCAN_PER_BATCH) {
      if (this.tail.isBehind(through)) {
        const scan = await this.readTypes(through, limit - events.length, types, TYPE_SCAN_PER_BATCH - scanned);
        events.push(...scan.events);
        return { ...scan, events, scanned: scanned + scan.scanned };
      }
      const batch = await this.tail.read(through, TAIL_READ);
      if (batch.length === 0) return { events, through, endsVisibleLog: true, scanned };
      for (const event of batch) {
        through = event.position;
        scanned += 1;
        if (!types.has(event.type)) continue;
        events.push(event);
        if (events.length >= limit) return { events, through, endsVisibleLog: false, scanned };
      }
      if (this.tail.endsVisibleLog(through)) return { events, through, endsVisibleLog: true, scanned };
    }
    return { events, through, endsVisibleLog: false, scanned };
  }

  async findEvents(eventIds: readonly string[]): Promise<RecordedEvent[]> {
    if (eventIds.length === 0) return [];
    const result = await this.pool.query<EventRow>({
      name: 'find_events',
      text: `select ${EVENT_COLUMNS} from events where event_id = any ($1::uuid[]) order by transaction_id, global_position`,
      values: [eventIds],
      types: EVENT_TYPES,
    });
    return result.rows.map(toRecorded);
  }

  async headPosition(): Promise<Position> {
    const result = await this.pool.query<{ transaction_id: string; global_position: string }>({
      name: 'head_position',
      text: `select transaction_id, global_position from events
             where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             order by transaction_id desc, global_position desc limit 1`,
    });
    const row = result.rows[0];
    return row ? { commit: BigInt(row.transaction_id), prepare: BigInt(row.global_position) } : START;
  }

  subscribeAll(options: SubscribeAllOptions = {}): AllSubscription {
    const state: SubscriptionState = {
      cursor: options.after ?? START,
      batchSize: options.batchSize ?? 500,
      eventTypes: options.eventTypes,
      stopped: false,
      woken: false,
      wake: undefined,
    };
    const onAppended = (): void => {
      state.woken = true;
      state.wake?.();
    };
    this.appended.on('appended', onAppended);
    void this.ensureListener().catch(() => undefined);
    const iterator = this.batches(state, () => this.appended.off('appended', onAppended));
    return {
      [Symbol.asyncIterator]: () => iterator,
      close: async () => {
        state.stopped = true;
        state.wake?.();
        await iterator.return(undefined);
      },
      get position() {
        return state.cursor;
      },
    };
  }

  private async *batches(state: SubscriptionState, unsubscribe: () => void): AsyncGenerator<readonly RecordedEvent[]> {
    const sleep = (ms: number): Promise<void> =>
      new Promise((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          state.wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        state.wake = done;
      });
    let horizonRetryMs = HORIZON_RETRY_MS;
    try {
      while (!state.stopped && !this.closed) {
        state.woken = false;
        if (state.eventTypes) {
          const scan = await this.readSubscribedTypes(state.cursor, state.batchSize, state.eventTypes);
          if (comparePositions(scan.through, state.cursor) > 0) {
            horizonRetryMs = HORIZON_RETRY_MS;
            state.cursor = scan.through;
            // Also when empty: the subscriber learns how far it got past events of other types.
            yield scan.events;
            // What was appended during the read the probe below finds.
            if (!scan.endsVisibleLog) continue;
          }
        } else {
          const batch = await this.tail.read(state.cursor, state.batchSize);
          const last = batch.at(-1);
          if (last) {
            horizonRetryMs = HORIZON_RETRY_MS;
            state.cursor = last.position;
            yield batch;
            // Unless an append was announced since, a read now would find nothing new below the horizon;
            // whether anything waits above it is the check's to say.
            if (!this.tail.endsVisibleLog(state.cursor)) continue;
          }
        }
        if (state.stopped) return;
        // Committed events we cannot see yet sit above the horizon (an older
        // transaction is still running): retry soon, backing off, rather than
        // waiting for the next wake-up.
        if (await this.tail.hasEventsAbove(state.cursor)) {
          // transactionEnded() may end the sleep early: the transaction holding the horizon back
          // is often one of this process's projection batches.
          this.behindHorizon.add(state);
          try {
            await sleep(horizonRetryMs);
          } finally {
            this.behindHorizon.delete(state);
          }
          horizonRetryMs = Math.min(horizonRetryMs * 2, IDLE_POLL_MS);
          continue;
        }
        horizonRetryMs = HORIZON_RETRY_MS;
        // A LISTEN connection lost with a restarted server is opened again; until then the poll wakes us.
        if (!this.listener) void this.ensureListener().catch(() => undefined);
        if (!state.woken) await sleep(IDLE_POLL_MS);
      }
    } finally {
      unsubscribe();
    }
  }

  /**
   * A transaction of this process that appends nothing has ended; it may have been the
   * one that kept committed events above the horizon, so subscribers waiting on the
   * horizon look again now rather than after their back-off.
   */
  transactionEnded(): void {
    for (const state of this.behindHorizon) state.wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    this.appended.emit('appended');
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** Committed events after the cursor, whether or not they are below the horizon yet. */
  private async hasEventsAbove(cursor: Position): Promise<boolean> {
    const [commit, prepare] = cursorParams(cursor);
    // A top-level ordered probe, not exists(...): PostgreSQL drops the order by inside exists and its
    // generic plan then scans the whole table for the newest rows (measured: 9-10 ms per call at 10k events).
    const result = await this.pool.query({
      name: 'has_events_above',
      text: `select 1 from events
             where (transaction_id, global_position) > ($1::xid8, $2::bigint)
             order by transaction_id, global_position limit 1`,
      values: [commit, prepare],
    });
    return (result.rowCount ?? 0) > 0;
  }

  /**
   * Wake local subscribers now; other processes through at most one NOTIFY per
   * NOTIFY_COALESCE_MS. A NOTIFY is a transaction of its own, so one per append
   * would cost a WAL flush per append.
   */
  private announceAppend(): void {
    this.appended.emit('appended');
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      // A wake-up hint, never needed for correctness (the idle poll finds the events), so its
      // transaction does not wait for its own WAL flush: with one writer, a synchronous NOTIFY
      // every 10 ms was a second flush beside the appends' own (bench:peers, 2026-11-26).
      this.pool
        .query({
          name: 'notify_appended',
          text: `select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`,
          values: [NOTIFY_CHANNEL, this.instanceId],
        })
        .catch(() => undefined);
    }, NOTIFY_COALESCE_MS);
  }

  /** LISTEN on a dedicated connection, so appends by other processes wake our subscribers. */
  private ensureListener(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.listenerStarting ??= (async () => {
      const client = new pg.Client(this.connectionConfig);
      client.on('notification', (message) => {
        if (message.payload !== this.instanceId) this.appended.emit('appended');
      });
      const lost = (): void => {
        if (this.listener === client) this.listener = undefined;
        this.listenerStarting = undefined;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      await client.query(`listen ${NOTIFY_CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.listener = client;
    })().finally(() => {
      if (!this.listener) this.listenerStarting = undefined;
    });
    return this.listenerStarting;
  }
}
