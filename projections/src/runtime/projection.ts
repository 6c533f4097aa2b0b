import type { RecordedEvent, ViewName } from '@carbon-ledger/contracts';
import type { Compilable, QueryCreator } from 'kysely';
import type { ReadModelDatabase } from '../read-model-database.js';

/** Where a projection writes: the live tables, or a rebuild schema during projections:rebuild. */
export type ProjectionWriter = QueryCreator<ReadModelDatabase>;

/** A statement built with the writer's query builder, not yet run. */
export type BatchStatement = Compilable & { execute(): Promise<unknown> };

/** What a batch writes, built but not run, and whether it changes the read model. */
export interface BatchWrites {
  readonly statements: readonly BatchStatement[];
  readonly changed: boolean;
}

/** Runs a batch's writes one statement after another (the runner sends them in one round trip instead). */
export async function runBatchWrites(writes: BatchWrites): Promise<boolean> {
  for (const statement of writes.statements) await statement.execute();
  return writes.changed;
}

export interface Projection {
  /** Stable name; the checkpoint row and the advisory lock key derive from it. */
  readonly name: string;
  /** Read-model names pushed in `projection-updated` after a batch that changed something. */
  readonly views: readonly ViewName[];
  /**
   * The event types `apply` can act on. When set, the runner hands over only these and moves
   * past a batch without them without a transaction (its stored checkpoint catches up later;
   * replaying the skipped events would change nothing). Unset: every event is applied.
   */
  readonly eventTypes?: ReadonlySet<string>;
  /**
   * How long the runner may wait, once caught up, before it reads and applies what came next:
   * under load a projection that can lag a little then takes more events per transaction. The
   * wait ends as soon as someone waits for the projection (a command reading its writes back).
   * Unset or 0: at once.
   */
  readonly lingerMs?: number;
  /** Tables this projection owns (rebuilt and swapped together). */
  readonly tables: readonly (keyof ReadModelDatabase & string)[];
  /** Applies one event; returns whether it changed the read model. Must ignore unknown types. */
  apply(event: RecordedEvent, db: ProjectionWriter): Promise<boolean>;
  /**
   * Applies a batch in log order with fewer round trips (say, one multi-row
   * insert); the runner uses it when present. Same outcome as `apply` one by one.
   */
  applyBatch?(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean>;
  /**
   * For a projection that reads nothing while it applies a batch: the batch's writes, built
   * but not run. The runner sends them with its transaction and the checkpoint move in one
   * round trip (their values inlined as literals, `inlineParameters`), where `applyBatch`
   * takes three. Same outcome as `applyBatch`.
   */
  batchWrites?(events: readonly RecordedEvent[], db: ProjectionWriter): BatchWrites;
}
