import type { ProjectionName, PushedMessage, RecordedEvent, ViewName } from '@carbon-ledger/contracts';
import type { Insertable, QueryCreator } from 'kysely';
import type { ReadModelDatabase } from '../read-model-database.js';

/**
 * Where a follower writes: inside the transaction that also moves its checkpoint, on the live
 * tables or, during projections:rebuild, on a rebuild schema.
 */
export type ProjectionWriter = QueryCreator<ReadModelDatabase>;

/**
 * Something that follows the log from a checkpoint and applies each batch of events in one
 * transaction with the checkpoint move: a projection (it writes read models) or a reaction
 * (it acts and writes nothing here). `LogFollowerRunner` runs it.
 */
export interface LogFollower {
  /** Stable name; the checkpoint row and the advisory lock key derive from it. */
  readonly name: string;
  /** Read-model names pushed in `projection-updated` after a batch that changed something. */
  readonly views: readonly ViewName[];
  /**
   * The event types `applyBatch` can act on. When set, the runner hands over only these and moves
   * past a batch without them without a transaction (its stored checkpoint catches up later;
   * replaying the skipped events would change nothing). Unset: every event is applied.
   */
  readonly eventTypes?: ReadonlySet<string>;
  /**
   * Of the events of `eventTypes`, those `applyBatch` acts on, where the type alone says too little
   * (a trade concerns the direct offers only when it settled one). A batch without any is passed
   * over like one without those types: no transaction, no statement.
   */
  readonly handles?: (event: RecordedEvent) => boolean;
  /**
   * How long the runner may wait, once caught up, before it reads and applies what came next:
   * under load a follower that can lag a little then takes more events per transaction. The
   * wait ends as soon as someone waits for the follower (a command reading its writes back).
   * Unset or 0: at once.
   */
  readonly lingerMs?: number;
  /**
   * Batches whose work may be under way together (default 1: one at a time). For a follower that
   * waits on the outside world and writes nothing through `applyBatch`'s writer: its batches then
   * run outside their checkpoint transactions, which commit in log order once each batch and those
   * before it are done.
   */
  readonly pipelineDepth?: number;
  /** Tables it owns (rebuilt and swapped together). */
  readonly tables: readonly (keyof ReadModelDatabase & string)[];
  /**
   * Applies a batch in log order; returns whether it changed the read model. Must ignore event
   * types it does not know. The writer's connection pipelines: statements started without
   * awaiting one another travel together with the transaction's opening and checkpoint move,
   * so a batch that only writes costs one wait for its answers (and one for the commit).
   */
  applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean>;
  /**
   * The realtime messages (newTrade, newCredit) a committed batch of these events pushes, as the
   * rows `applyBatch` wrote would read back: the gateways push them without reading the rows again.
   */
  pushedMessages?(events: readonly RecordedEvent[]): readonly PushedMessage[];
}

/** Whether a follower acts on this event (its `eventTypes` and `handles`): what its runner hands over. */
export function takesEvent(follower: LogFollower, event: RecordedEvent): boolean {
  return (!follower.eventTypes || follower.eventTypes.has(event.type)) && (!follower.handles || follower.handles(event));
}

/** A read model kept from the log. */
export interface Projection extends LogFollower {
  readonly name: ProjectionName;
}

/**
 * The default of an event switch: it compiles only while every case is handled, so a new event
 * type makes each projection say what it does with it.
 */
export function exhaustive(event: never): never {
  return event;
}

/** `applyBatch` for a follower whose events are applied one at a time, in log order. */
export function applyEach(
  apply: (event: RecordedEvent, db: ProjectionWriter) => Promise<boolean>,
): (events: readonly RecordedEvent[], db: ProjectionWriter) => Promise<boolean> {
  return async (events, db) => {
    let changed = false;
    for (const event of events) if (await apply(event, db)) changed = true;
    return changed;
  };
}

/** Where in the log a row's event stands: the position columns of a read-model row. */
export function rowPosition(recorded: RecordedEvent): { commit_position: string; prepare_position: string } {
  return { commit_position: recorded.position.commit.toString(), prepare_position: recorded.position.prepare.toString() };
}

/**
 * `applyBatch` for a projection that only adds rows: the rows of a batch go in one statement, and
 * a row whose `key` is there already (its event was applied before) stays as it is.
 */
export function insertRowsOnce<T extends keyof ReadModelDatabase & string>(
  table: T,
  key: keyof ReadModelDatabase[T] & string,
  rowsOf: (events: readonly RecordedEvent[]) => Insertable<ReadModelDatabase[T]>[],
): (events: readonly RecordedEvent[], db: ProjectionWriter) => Promise<boolean> {
  return async (events, db) => {
    const rows = rowsOf(events);
    if (rows.length === 0) return false;
    await insertOnce(db, table, key, rows);
    return true;
  };
}

/** Adds rows to a read-model table; a row whose `key` is there already (its event was applied before) stays as it is. */
export async function insertOnce<T extends keyof ReadModelDatabase & string>(
  db: ProjectionWriter,
  table: T,
  key: keyof ReadModelDatabase[T] & string,
  rows: Insertable<ReadModelDatabase[T]> | Insertable<ReadModelDatabase[T]>[],
): Promise<void> {
  for (const chunk of statementChunks(Array.isArray(rows) ? rows : [rows])) {
    await db
      .insertInto(table)
      .values(chunk)
      .onConflict((conflict) => conflict.column(key).doNothing())
      .execute();
  }
}

/** PostgreSQL's limit on a statement's bound parameters (the protocol counts them in 16 bits). */
const MAX_PARAMETERS = 65_535;

/**
 * Rows split so that each multi-row statement binds at most half the parameters PostgreSQL accepts
 * (room for values a builder binds as more than one),
 * however large a batch is (a rebuild's pages are larger than a runner's batches): past the
 * limit the count wraps and the server refuses the statement.
 */
export function statementChunks<T extends object>(rows: readonly T[], reserved = 0): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, ...rows.map((row) => Object.keys(row).length));
  const perStatement = Math.max(1, Math.floor((MAX_PARAMETERS - reserved) / columns / 2));
  const chunks: T[][] = [];
  for (let from = 0; from < rows.length; from += perStatement) chunks.push(rows.slice(from, from + perStatement));
  return chunks;
}
