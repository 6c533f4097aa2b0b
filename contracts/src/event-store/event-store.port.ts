/**
 * The event store port. Two adapters implement it (PostgreSQL, KurrentDB) and
 * both pass one contract test suite in ledger-service.
 */

/** A total order over the log. PostgreSQL: (transaction_id, global_position); KurrentDB: (commit, prepare). */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Wire form of a position: "commit:prepare", used in HTTP answers and socket messages. */
export function formatPosition(position: Position): string {
  return `${position.commit}:${position.prepare}`;
}

export function parsePosition(text: string): Position {
  const match = /^(-?\d+):(-?\d+)$/.exec(text);
  if (!match?.[1] || !match[2]) throw new TypeError(`not a position: ${text}`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

export interface Actor {
  readonly userId: string;
  readonly role: string;
}

export interface EventMetadata {
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly actor: Actor;
  readonly schemaVersion: number;
  /** ISO-8601; comes from the command's clock, never from domain logic. */
  readonly recordedAt: string;
}

export interface EventToAppend<Type extends string = string, Data = unknown> {
  /** Deterministic (derived from the command id) so a retried command is not appended twice. */
  readonly eventId: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  readonly streamId: string;
  /** 0-based version of the event within its stream. */
  readonly streamVersion: bigint;
  readonly eventId: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly position: Position;
  /** Hex sha256 chaining this event to the previous event of its stream. */
  readonly hash: string;
}

/** 'no_stream': the stream must not exist; 'exists': it must; a bigint: its current version must be that. */
export type ExpectedVersion = 'any' | 'no_stream' | 'exists' | bigint;

export interface AppendResult {
  /** Version of the last appended event. */
  readonly nextExpectedVersion: bigint;
  /** Position of the last appended event. */
  readonly position: Position;
  /** True when the store already held these event ids (a retried append): nothing was appended now. */
  readonly alreadyAppended?: boolean;
}

/** One stream's part of an atomic append to several streams. */
export interface StreamAppend {
  readonly streamId: string;
  readonly events: readonly EventToAppend[];
  readonly expected: ExpectedVersion;
}

export interface MultiStreamAppendResult {
  /** One per part, in the order given: its stream's last version and the position of its last event. */
  readonly streams: readonly AppendResult[];
  /** Position of the last event appended (of the last part). */
  readonly position: Position;
  /** True when the store already held every part's events (a retried append): nothing was appended now. */
  readonly alreadyAppended?: boolean;
}

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected version ${String(expected)}, actual ${String(actual)}`);
  }
}

/** An event id was reused for different content. */
export class DuplicateEventId extends Error {
  override readonly name = 'DuplicateEventId';
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} was already used for another event`);
  }
}

export interface ReadAllOptions {
  /** Exclusive; START (or omitted) reads from the beginning. */
  readonly after?: Position;
  /** With `eventTypes`: events of those types, up to `limit` of them however many others lie between. */
  readonly limit: number;
  /**
   * Only events of these types. A reader that pages on from the last event returned misses none
   * of them, not even one that commits after events with a greater position.
   */
  readonly eventTypes?: ReadonlySet<string>;
}

/** An event with its data and metadata also as the JSON texts the store holds for them. */
export interface RecordedEventWithTexts extends RecordedEvent {
  readonly dataText: string;
  readonly metadataText: string;
}

export interface ReadStreamOptions {
  /** Exclusive: the events with a higher stream version. */
  readonly afterVersion?: bigint;
}

export interface SubscribeAllOptions {
  readonly after?: Position;
  /** Events per batch; with `eventTypes`, events of those types. */
  readonly batchSize?: number;
  /**
   * Only events of these types, where the adapter can filter (it may also deliver others, which
   * the subscriber then passes over). Batches then fill with these events, and a batch may be
   * empty: the subscription moved `position` past events of other types only.
   */
  readonly eventTypes?: ReadonlySet<string>;
}

/** Batches in log order; every committed event exactly once. */
export interface AllSubscription extends AsyncIterable<readonly RecordedEvent[]> {
  close(): Promise<void>;
  /**
   * How far the log was read when the latest batch was handed over: every event up to here was
   * delivered or is of a type the subscriber did not ask for. At or after that batch's last event.
   * Unset by an adapter that does not say: the batch's last event is as far as it got.
   */
  readonly position?: Position;
}

export interface EventStore {
  appendToStream(streamId: string, events: readonly EventToAppend[], options: { readonly expected: ExpectedVersion }): Promise<AppendResult>;
  /**
   * The stream's events in order; with `afterVersion`, only those after that version (a
   * caller that holds the stream up to a version reads just what others appended since).
   */
  /**
   * Appends to several streams at once, all or nothing: every part's expectation holds and every
   * event is stored, in one commit, or nothing is. A failed expectation throws WrongExpectedVersion
   * naming its stream. A retry (the first event of every part stored in its part's stream) answers
   * `alreadyAppended`; an event id stored elsewhere throws DuplicateEventId. Stream ids are
   * distinct. Optional: an adapter whose engine cannot commit several streams together leaves it
   * out, and callers take the path that needs no atomicity across streams.
   */
  appendToStreams?(appends: readonly StreamAppend[]): Promise<MultiStreamAppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * The stream's events at these versions, in stream order (versions it does not hold are left
   * out): how a reader that keeps an index of a long stream's events reads just those. Optional:
   * without it the caller reads the stream.
   */
  readStreamVersions?(streamId: string, versions: readonly bigint[]): Promise<RecordedEvent[]>;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * readAll (of every type), each event with the JSON texts stored for its data and metadata: the
   * texts its writer hashed, so a verifier can hash what is stored instead of writing the values
   * out again. Optional: without it a verifier serialises the values canonically.
   */
  readAllWithTexts?(options: Omit<ReadAllOptions, 'eventTypes'>): Promise<RecordedEventWithTexts[]>;
  /**
   * How many of the (at most `cap`) events that follow `after` are of `eventTypes` (all of them
   * when none are given), and the `metadata.recordedAt` of the first of those: what a health
   * check shows of a follower's lag, without reading the events themselves. It looks at no more
   * than `cap` events of the log whatever the types: a follower of rare types must not make a
   * health check read the log to find `cap` of them. Optional: without it the caller reads them.
   */
  countAfter?(after: Position, cap: number, eventTypes?: ReadonlySet<string>): Promise<{ count: number; oldestRecordedAt: string | undefined }>;
  /**
   * The stored events among these ids, of any stream, in log order: how a writer that no
   * longer remembers every command it applied asks the log's event-id key whether a command's
   * events are stored. Optional: an adapter without an index by event id leaves it out.
   */
  findEvents?(eventIds: readonly string[]): Promise<RecordedEvent[]>;
  subscribeAll(options?: SubscribeAllOptions): AllSubscription;
  /** Position of the newest event a reader can see now (START when the log is empty). */
  headPosition(): Promise<Position>;
  /**
   * A hint that a database transaction of this process that appends no events has just
   * committed or rolled back (a projection batch). An adapter whose readers wait for older
   * transactions to end before they see newer events may look again now instead of on
   * its next poll. Optional; never needed for correctness.
   */
  transactionEnded?(): void;
  close(): Promise<void>;
}
