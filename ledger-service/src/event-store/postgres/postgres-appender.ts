import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  type AppendResult,
  type ChainedEventTexts,
  chainContentTexts,
  DuplicateEventId,
  type EventToAppend,
  type ExpectedVersion,
  type MultiStreamAppendResult,
  type StreamAppend,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { AppendBatcher, type AppendBatcherOptions, type PendingAppend } from './append-batcher.js';
import { type StreamHead, StreamHeads } from './stream-heads.js';

/** Marks a lost race for a stream version (retried under 'any' and 'exists'). */
const RACED = -2n;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every head known: the events with their hashes, newline-joined texts (see checkAppend),
 * inserted in order; answers each stream's last version and position. The statement of
 * append_known_heads without the PL/pgSQL function around it (kept for older writers).
 */
export const INSERT_KNOWN_HEADS = `with inserted as (
    insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
    select t.s, t.v::bigint, t.id::uuid, t.ty, t.d::json, t.m::json, decode(t.h, 'hex')
    from unnest(string_to_array($1, E'\\n'), string_to_array($2, E'\\n'), string_to_array($3, E'\\n'),
                string_to_array($4, E'\\n'), string_to_array($5, E'\\n'), string_to_array($6, E'\\n'),
                string_to_array($7, E'\\n'))
      with ordinality as t(s, v, id, ty, d, m, h, ord)
    order by t.ord
    returning stream_id, stream_version, global_position
  )
  select i.stream_id as out_stream_id, max(i.stream_version) as out_stream_version,
         max(i.global_position) as out_global_position, pg_current_xact_id() as out_transaction_id
  from inserted i group by i.stream_id`;

/**
 * One event of one stream, its head known: the plain row INSERT, without splitting the joined
 * texts, the ordinality and the grouping INSERT_KNOWN_HEADS needs for several (a single writer's
 * every append is this one).
 */
export const INSERT_ONE_KNOWN_HEAD = `insert into events (stream_id, stream_version, event_id, type, data, metadata, hash)
  values ($1, $2::bigint, $3::uuid, $4, $5::json, $6::json, decode($7, 'hex'))
  returning stream_id as out_stream_id, stream_version as out_stream_version,
            global_position as out_global_position, pg_current_xact_id() as out_transaction_id`;

interface InsertedRow {
  out_stream_id: string;
  out_stream_version: string;
  out_global_position: string;
  out_transaction_id: string;
}

interface BatchRow {
  out_append: number;
  out_stream_version: string | null;
  out_global_position: string | null;
  out_transaction_id: string | null;
  out_hash: Buffer | null;
  out_actual: string | null;
}

interface StreamsRow {
  out_append: number;
  out_stream_version: string;
  out_global_position: string;
  out_transaction_id: string;
  out_hash: Buffer;
  out_duplicate: boolean;
}

/** Attempts of an atomic append that a writer taking no lock raced (a key it also inserted, a deadlock). */
const MAX_STREAMS_ATTEMPTS = 10;

interface AppendRow {
  out_global_position: string;
  out_stream_version: string;
  out_transaction_id: string;
  out_hash: Buffer;
  out_duplicate: boolean;
}

/** The code append_batch and append_to_stream read: >= 0 exact version, -1 any, -2 no stream, -3 exists. */
function expectedCode(expected: ExpectedVersion): bigint {
  switch (expected) {
    case 'any':
      return -1n;
    case 'no_stream':
      return -2n;
    case 'exists':
      return -3n;
    default:
      if (expected < 0n) throw new RangeError('expected version must be >= 0');
      return expected;
  }
}

/**
 * Stream ids, event types and event ids travel joined by line breaks (as do the
 * canonical JSON texts, which never contain one), so none may contain one.
 */
function checkAppend(streamId: string, events: readonly EventToAppend[]): void {
  if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
  if (streamId === '' || streamId.includes('\n')) throw new RangeError('a stream id is a non-empty line of text');
  for (const event of events) {
    if (!UUID.test(event.eventId)) throw new RangeError(`event id ${JSON.stringify(event.eventId)} is not a UUID`);
    if (event.type === '' || event.type.includes('\n')) throw new RangeError('an event type is a non-empty line of text');
  }
}

/** hash_n = sha256(hash_{n-1} || utf8(content_n)), from the stream's head. */
function chainHashes(head: StreamHead, texts: readonly ChainedEventTexts[]): Buffer[] {
  const hashes: Buffer[] = [];
  let previous = head.hash;
  for (const text of texts) {
    previous = createHash('sha256').update(previous).update(text.content, 'utf8').digest();
    hashes.push(previous);
  }
  return hashes;
}

/** The position of the last event of several streams' answers (all of one transaction: the greatest log position). */
function lastPosition(results: readonly AppendResult[]): AppendResult['position'] {
  return results.reduce((last, result) => (result.position.prepare > last.prepare ? result.position : last), results[0]!.position);
}

/** One stream's part of an atomic append, as the batch writes it. */
interface AtomicPart extends StreamAppend {
  readonly code: bigint;
  readonly texts: readonly ChainedEventTexts[];
}

/** An atomic append to several streams, waiting in the batcher as one append of all their streams. */
interface AtomicAppend extends PendingAppend {
  readonly parts: readonly AtomicPart[];
  /** Every part's answer in order, or undefined: it goes alone through append_streams. */
  readonly resolveParts: (results: AppendResult[] | undefined) => void;
}

function isAtomic(append: PendingAppend): append is AtomicAppend {
  return 'parts' in append;
}

/**
 * The parts of an atomic append as appends of one stream each, for the batch's INSERT (all of it or
 * nothing): the unit is answered once every part is, or sent alone if any part is not.
 */
function partsOf(unit: AtomicAppend): PendingAppend[] {
  const results: (AppendResult | undefined)[] = [];
  let answered = 0;
  let failed = false;
  const settle = () => {
    if (answered < unit.parts.length) return;
    if (failed || results.some((result) => result === undefined)) unit.resolveParts(undefined);
    else unit.resolveParts(results as AppendResult[]);
  };
  return unit.parts.map((part, index) => ({
    streamId: part.streamId,
    events: part.events,
    expected: part.expected,
    code: part.code,
    texts: part.texts,
    resolve: (result) => {
      results[index] = result;
      answered += 1;
      settle();
    },
    reject: (error) => {
      if (!failed) unit.reject(error);
      failed = true;
      answered += 1;
    },
  }));
}

/** An append whose stream head is known here, with the hash chain continued from it. */
type KnownChain = PendingAppend & { readonly head: StreamHead; readonly hashes: readonly Buffer[] };

/**
 * Every append of the batch with its chain, when every head is known; undefined otherwise.
 * Heads are looked up when the batch is written, not when the append was submitted: the
 * batcher holds an append back while an earlier one of its stream is being written, and
 * the head that earlier one leaves is the one this append continues from.
 */
function knownChains(batch: readonly PendingAppend[], heads: StreamHeads): KnownChain[] | undefined {
  // Several appends of one stream: append_batch chains each from the one before it.
  if (new Set(batch.map((append) => append.streamId)).size < batch.length) return undefined;
  const chains: KnownChain[] = [];
  for (const append of batch) {
    const head = heads.knownHead(append.streamId, append.expected);
    if (!head) return undefined;
    chains.push({ ...append, head, hashes: chainHashes(head, append.texts) });
  }
  return chains;
}

function joinLines<T extends PendingAppend>(batch: readonly T[], line: (append: T, index: number) => string): string {
  const lines: string[] = [];
  for (const append of batch) for (let index = 0; index < append.events.length; index += 1) lines.push(line(append, index));
  return lines.join('\n');
}

/**
 * The write side of the PostgreSQL event store.
 *
 * Appends of concurrent callers are written together (group commit, see AppendBatcher).
 * When this process knows a stream's head (the version the caller expects, with that
 * event's hash, from its own appends or reads), the hash chain is computed here and a
 * batch is one plain INSERT: events never change, so a known head stays true of its
 * version, and if the stream has moved on meanwhile the (stream_id, stream_version)
 * key refuses the insert; the batch then goes through append_batch, which reads the
 * heads in the database and answers a failed expectation with the actual version, so a
 * conflict costs no failed statement. What append_batch cannot answer (an idempotent
 * retry, whose events are stored; a key conflict with a writer elsewhere) is retried
 * alone through append_to_stream, which locks the stream and answers precisely.
 */
export class PostgresAppender {
  private readonly batcher: AppendBatcher;
  private readonly heads = new StreamHeads(20_000);

  constructor(
    private readonly pool: pg.Pool,
    private readonly announce: () => void,
    options: Partial<AppendBatcherOptions> = {},
    /** Told of each batch as it goes to the database (metrics: how well group commit groups). */
    private readonly onBatch: (appends: number, events: number) => void = () => undefined,
  ) {
    this.batcher = new AppendBatcher((batch) => this.writeBatch(batch), {
      batchesInFlight: options.batchesInFlight ?? 4,
      parallelEvents: options.parallelEvents ?? 64,
      batchEvents: options.batchEvents ?? 200,
    });
  }

  /** Remembers a head read from the log (the last event of a stream read in full). */
  observeHead(streamId: string, version: bigint, hash: Buffer): void {
    this.heads.set(streamId, { version, hash });
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedVersion): Promise<AppendResult> {
    checkAppend(streamId, events);
    const code = expectedCode(expected);
    const texts = events.map((event) => chainContentTexts({ streamId, ...event }));
    const batched = await new Promise<AppendResult | undefined>((resolve, reject) =>
      this.batcher.submit({ streamId, events, expected, code, texts, resolve, reject }),
    );
    if (batched) return batched;
    return this.appendAlone(streamId, events, expected, texts);
  }

  /**
   * Several streams, all parts or none. It waits for a batch like any append: when every head of the
   * batch is known, the batch is one INSERT, which stores all of it or nothing, so this append's
   * parts commit together with the batch's other appends (the appends of several markets' groups
   * share a commit). Otherwise it goes alone through append_streams, one statement.
   */
  async appendStreams(parts: readonly StreamAppend[]): Promise<MultiStreamAppendResult> {
    if (parts.length === 0) throw new RangeError('appendToStreams needs at least one stream');
    if (new Set(parts.map((part) => part.streamId)).size < parts.length) throw new RangeError('appendToStreams takes each stream once');
    for (const part of parts) checkAppend(part.streamId, part.events);
    const codes = parts.map((part) => expectedCode(part.expected));
    const texts = parts.map((part) => part.events.map((event) => chainContentTexts({ streamId: part.streamId, ...event })));
    const batched = await new Promise<AppendResult[] | undefined>((resolve, reject) => {
      const [first, ...others] = parts;
      const unit: AtomicAppend = {
        streamId: first!.streamId,
        events: parts.flatMap((part) => part.events),
        expected: first!.expected,
        code: codes[0]!,
        texts: texts.flat(),
        alsoStreams: others.map((part) => part.streamId),
        parts: parts.map((part, index) => ({ ...part, code: codes[index]!, texts: texts[index]! })),
        resolveParts: resolve,
        // Never answered as one append: the batch writes its parts, or sends it alone.
        resolve: () => resolve(undefined),
        reject,
      };
      this.batcher.submit(unit);
    });
    if (batched) {
      return { streams: batched, position: lastPosition(batched) };
    }
    return this.appendStreamsAlone(parts, codes, texts);
  }

  /** Several streams in one statement through append_streams, which locks them and answers precisely. */
  private async appendStreamsAlone(
    parts: readonly StreamAppend[],
    expectedCodes: readonly bigint[],
    texts: readonly (readonly ChainedEventTexts[])[],
  ): Promise<MultiStreamAppendResult> {
    const codes = expectedCodes.map((code) => code.toString());
    const events = parts.reduce((count, part) => count + part.events.length, 0);
    for (let attempt = 1; ; attempt += 1) {
      this.onBatch(1, events);
      let rows: StreamsRow[];
      try {
        const result = await this.pool.query<StreamsRow>({
          name: 'append_streams',
          text: 'select * from append_streams($1, $2, $3, $4::uuid[], $5::text[], $6, $7, $8)',
          values: [
            parts.map((part) => part.streamId),
            codes,
            parts.map((part) => part.events.length),
            parts.flatMap((part) => part.events.map((event) => event.eventId)),
            parts.flatMap((part) => part.events.map((event) => event.type)),
            texts.flatMap((part) => part.map((text) => text.data)).join('\n'),
            texts.flatMap((part) => part.map((text) => text.metadata)).join('\n'),
            texts.flatMap((part) => part.map((text) => text.content)).join('\n'),
          ],
        });
        rows = result.rows;
      } catch (error) {
        const refusal = translateStreamsError(error, parts);
        if (refusal === RACED_STREAMS && attempt < MAX_STREAMS_ATTEMPTS) continue;
        if (refusal instanceof WrongExpectedVersion && refusal.actual !== 'no_stream') this.heads.forgetBelow(refusal.streamId, refusal.actual);
        throw refusal === RACED_STREAMS ? error : refusal;
      }
      const streams = parts.map((part, index) => {
        const row = rows.find((candidate) => candidate.out_append === index + 1);
        if (!row) throw new Error(`append_streams answered no row for ${part.streamId}`);
        const version = BigInt(row.out_stream_version);
        if (!row.out_duplicate) this.heads.set(part.streamId, { version, hash: row.out_hash });
        return { nextExpectedVersion: version, position: { commit: BigInt(row.out_transaction_id), prepare: BigInt(row.out_global_position) } };
      });
      const duplicate = rows.every((row) => row.out_duplicate);
      if (!duplicate) this.announce();
      return { streams, position: lastPosition(streams), ...(duplicate ? { alreadyAppended: true } : {}) };
    }
  }

  private async writeBatch(waiting: readonly PendingAppend[]): Promise<void> {
    // A retry that came while its original waited (the same first event id: one command sent twice at once)
    // goes alone once the batch is written, and is answered as a retry. In the batch it would be checked
    // against the head its original moves (a conflict), before the original's events are there to find.
    const firstIds = new Set<string>();
    const batch: PendingAppend[] = [];
    const retries: PendingAppend[] = [];
    for (const append of waiting) {
      const firstId = append.events[0]?.eventId;
      if (firstId !== undefined && firstIds.has(firstId)) retries.push(append);
      else {
        if (firstId !== undefined) firstIds.add(firstId);
        batch.push(append);
      }
    }
    try {
      await this.writeDistinct(batch);
    } finally {
      for (const retry of retries) retry.resolve(undefined);
    }
  }

  private async writeDistinct(batch: readonly PendingAppend[]): Promise<void> {
    this.onBatch(
      batch.length,
      batch.reduce((events, append) => events + append.events.length, 0),
    );
    // An atomic append goes into the INSERT as its parts, each one stream's append.
    const atomic = batch.filter(isAtomic);
    const single = batch.filter((append) => !isAtomic(append));
    const expanded = [...single, ...atomic.flatMap(partsOf)];
    // Chains are computed here, once the batch is known to go by the plain INSERT.
    const known = knownChains(expanded, this.heads);
    if (known) {
      const inserted = await this.insertKnownHeads(known);
      if (inserted !== undefined) {
        if (inserted) this.announce();
        return;
      }
      // A remembered head was stale (another process moved its stream, or an event id is
      // taken): forget the batch's heads and let the database read them and answer each append.
      for (const append of expanded) this.heads.forget(append.streamId);
    }
    // append_batch answers each append on its own: an atomic append goes alone through append_streams.
    for (const append of atomic) append.resolveParts(undefined);
    if (single.length > 0 && (await this.callAppendBatch(single))) this.announce();
  }

  /**
   * Every head known: one INSERT of all events with their hashes. Returns whether anything
   * was written, or undefined when the database refused the batch (nothing of it was written).
   */
  private async insertKnownHeads(batch: readonly KnownChain[]): Promise<boolean | undefined> {
    let rows: InsertedRow[];
    try {
      // The statement itself rather than append_known_heads, the PL/pgSQL function around it:
      // no function call and no result set copied out of it (docs/benchmarks.md, 2026-11-26).
      const only = batch.length === 1 && batch[0]!.events.length === 1 ? batch[0]! : undefined;
      const result = await this.pool.query<InsertedRow>(
        only
          ? {
              name: 'insert_one_known_head',
              text: INSERT_ONE_KNOWN_HEAD,
              values: [
                only.streamId,
                (only.head.version + 1n).toString(),
                only.events[0]!.eventId,
                only.events[0]!.type,
                only.texts[0]!.data,
                only.texts[0]!.metadata,
                only.hashes[0]!.toString('hex'),
              ],
            }
          : {
              name: 'insert_known_heads',
              text: INSERT_KNOWN_HEADS,
              values: [
                joinLines(batch, (append) => append.streamId),
                joinLines(batch, (append, index) => (append.head.version + 1n + BigInt(index)).toString()),
                joinLines(batch, (append, index) => append.events[index]?.eventId ?? ''),
                joinLines(batch, (append, index) => append.events[index]?.type ?? ''),
                joinLines(batch, (append, index) => append.texts[index]?.data ?? ''),
                joinLines(batch, (append, index) => append.texts[index]?.metadata ?? ''),
                joinLines(batch, (append, index) => append.hashes[index]?.toString('hex') ?? ''),
              ],
            },
      );
      rows = result.rows;
    } catch {
      return undefined;
    }
    const byStream = new Map(rows.map((row) => [row.out_stream_id, row]));
    for (const append of batch) {
      const row = byStream.get(append.streamId);
      const hash = append.hashes.at(-1);
      if (!row || !hash) {
        append.resolve(undefined);
        continue;
      }
      const version = BigInt(row.out_stream_version);
      this.heads.set(append.streamId, { version, hash });
      append.resolve({
        nextExpectedVersion: version,
        position: { commit: BigInt(row.out_transaction_id), prepare: BigInt(row.out_global_position) },
      });
    }
    return rows.length > 0;
  }

  /** Some head unknown: append_batch reads the heads and checks each expectation in the database. */
  private async callAppendBatch(batch: readonly PendingAppend[]): Promise<boolean> {
    let rows: BatchRow[];
    try {
      const result = await this.pool.query<BatchRow>({
        name: 'append_batch',
        text: 'select * from append_batch($1, $2, $3, $4::uuid[], $5::text[], $6, $7, $8)',
        values: [
          batch.map((append) => append.streamId),
          batch.map((append) => append.code.toString()),
          batch.map((append) => append.events.length),
          batch.flatMap((append) => append.events.map((event) => event.eventId)),
          batch.flatMap((append) => append.events.map((event) => event.type)),
          joinLines(batch, (append, index) => append.texts[index]?.data ?? ''),
          joinLines(batch, (append, index) => append.texts[index]?.metadata ?? ''),
          joinLines(batch, (append, index) => append.texts[index]?.content ?? ''),
        ],
      });
      rows = result.rows;
    } catch {
      for (const append of batch) append.resolve(undefined);
      return false;
    }
    const answered = new Set<PendingAppend>();
    let inserted = false;
    for (const row of rows) {
      const append = batch[row.out_append - 1];
      if (!append) continue;
      answered.add(append);
      if (row.out_stream_version === null || row.out_global_position === null || row.out_transaction_id === null) {
        // A refused expectation is answered here, with the stream's actual version; an
        // append whose events are already stored (a retry) goes alone for its first answer.
        if (row.out_actual === null) append.resolve(undefined);
        else {
          const actual = BigInt(row.out_actual);
          this.heads.forgetBelow(append.streamId, actual);
          append.reject(new WrongExpectedVersion(append.streamId, append.expected, actual < 0n ? 'no_stream' : actual));
        }
        continue;
      }
      inserted = true;
      const version = BigInt(row.out_stream_version);
      if (row.out_hash) this.heads.set(append.streamId, { version, hash: row.out_hash });
      append.resolve({
        nextExpectedVersion: version,
        position: { commit: BigInt(row.out_transaction_id), prepare: BigInt(row.out_global_position) },
      });
    }
    for (const append of batch) if (!answered.has(append)) append.resolve(undefined);
    return inserted;
  }

  /**
   * One append through append_to_stream, which locks the stream, answers idempotent
   * retries and names the actual version of a failed expectation.
   */
  private async appendAlone(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedVersion,
    texts: readonly ChainedEventTexts[],
  ): Promise<AppendResult> {
    // A concurrent batch (which takes no lock) can take the version the function read under its lock.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.appendWithFunction(streamId, events, expected, texts);
      } catch (error) {
        // Read again: under 'any'/'exists' the retry succeeds; under an exact
        // expectation it answers WrongExpectedVersion with the actual version.
        const raced = error instanceof WrongExpectedVersion && error.actual === RACED;
        if (!raced) {
          if (error instanceof WrongExpectedVersion && error.actual !== 'no_stream') this.heads.forgetBelow(streamId, error.actual);
          throw error;
        }
        if (attempt >= 10) throw new WrongExpectedVersion(streamId, expected, -1n);
      }
    }
  }

  private async appendWithFunction(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedVersion,
    texts: readonly ChainedEventTexts[],
  ): Promise<AppendResult> {
    this.onBatch(1, events.length);
    let rows: AppendRow[];
    try {
      const result = await this.pool.query<AppendRow>({
        name: 'append_to_stream',
        text: 'select * from append_to_stream($1, $2, $3::uuid[], $4::text[], $5, $6, $7)',
        values: [
          streamId,
          expectedCode(expected).toString(),
          events.map((event) => event.eventId),
          events.map((event) => event.type),
          texts.map((text) => text.data).join('\n'),
          texts.map((text) => text.metadata).join('\n'),
          texts.map((text) => text.content).join('\n'),
        ],
      });
      rows = result.rows;
    } catch (error) {
      throw translateError(error, streamId, expected, events);
    }
    const last = rows.at(-1);
    if (!last) throw new Error(`append to ${streamId} returned no rows`);
    const version = BigInt(last.out_stream_version);
    if (!last.out_duplicate) {
      this.heads.set(streamId, { version, hash: last.out_hash });
      this.announce();
    }
    return {
      nextExpectedVersion: version,
      position: { commit: BigInt(last.out_transaction_id), prepare: BigInt(last.out_global_position) },
      ...(last.out_duplicate ? { alreadyAppended: true } : {}),
    };
  }
}

/** An atomic append that lost a version to a writer taking no lock, or a deadlock with one: call again. */
const RACED_STREAMS = Symbol('raced');

function translateStreamsError(error: unknown, parts: readonly StreamAppend[]): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  if (error.code === 'CL001') {
    const [part, actual] = (error.detail ?? '').split(':');
    const refused = parts[Number(part) - 1];
    if (!refused || actual === undefined) return error;
    const version = BigInt(actual);
    return new WrongExpectedVersion(refused.streamId, refused.expected, version < 0n ? 'no_stream' : version);
  }
  if (error.code === 'CL002' || (error.code === '23505' && error.constraint === 'events_event_id_key')) {
    const named = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(error.detail ?? '')?.[0];
    return new DuplicateEventId(named ?? parts[0]?.events[0]?.eventId ?? '');
  }
  if ((error.code === '23505' && error.constraint === 'events_stream_id_stream_version_key') || error.code === '40P01') return RACED_STREAMS;
  return error;
}

function translateError(error: unknown, streamId: string, expected: ExpectedVersion, events: readonly EventToAppend[]): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  if (error.code === 'CL001') {
    const actual = BigInt(error.detail ?? '-1');
    return new WrongExpectedVersion(streamId, expected, actual < 0n ? 'no_stream' : actual);
  }
  if (error.code === 'CL002' || (error.code === '23505' && error.constraint === 'events_event_id_key')) {
    // CL002 names the id; a unique violation says "Key (event_id)=(<id>) already exists.": the caller needs the id to know whose it is.
    const named = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(error.detail ?? '')?.[0];
    return new DuplicateEventId(named ?? events[0]?.eventId ?? '');
  }
  if (error.code === '23505' && error.constraint === 'events_stream_id_stream_version_key') {
    // A batch (which takes no lock) won the version this call read.
    return new WrongExpectedVersion(streamId, expected, RACED);
  }
  return error;
}
