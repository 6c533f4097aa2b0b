import { type EventStore, type Position, type RecordedEvent, START } from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { ReadModelDatabase } from '../read-model-database.js';
import { type Projection, takesEvent } from './projection.js';
import { advisoryLockKey } from './log-follower-runner.js';
import { singleConnectionPool } from './single-connection-pool.js';
import { storableEvent } from './storable-event.js';

const REBUILD_SCHEMA = 'projection_rebuild';
/** Log events read per page (each page is one transaction over every projection being rebuilt). */
const DEFAULT_BATCH_SIZE = 5_000;
/** Pages read ahead of the slowest projection. */
const PAGES_AHEAD = 3;
/** Connections that build the deferred indexes at once (the machine's cores are the limit). */
const INDEX_BUILDERS = 2;

export class ProjectionBusy extends Error {
  override readonly name = 'ProjectionBusy';
  constructor(readonly projection: string) {
    super(`Projection ${projection} is running in another process (is the service started?). Stop it, then rebuild.`);
  }
}

export interface RebuildResult {
  readonly projection: string;
  /** Events of the projection's types it applied. */
  readonly events: number;
  readonly position: Position;
  /** Time spent applying its events (the log is read once for all of them). */
  readonly seconds: number;
}

export interface RebuildProgress {
  /** Log events read so far (of the types any of the projections takes). */
  readonly read: number;
  readonly position: Position;
  readonly seconds: number;
}

/**
 * Replays the log into fresh copies of the projection's tables, then swaps them in and sets the
 * checkpoint in one transaction, so readers see either the old or the new read model, never a
 * half-built one.
 */
export async function rebuildProjection(options: {
  readonly eventStore: EventStore;
  readonly connectionConfig: pg.ClientConfig;
  readonly projection: Projection;
  readonly batchSize?: number;
}): Promise<RebuildResult> {
  const [result] = await rebuildProjections({ ...options, projections: [options.projection] });
  return result!;
}

/**
 * Rebuilds several projections in one pass over the log: each page of events is read once and
 * applied to every projection's fresh tables in one transaction (which need not wait for the disk:
 * nothing reads those tables until the swap, and a crash before it leaves the old ones in place).
 * A projection gets only the events of its types (`eventTypes`, `handles`), as its runner would
 * hand them over. The swap of all of them, with their checkpoints, is one durable transaction
 * that first applies what was appended meanwhile.
 */
export async function rebuildProjections(options: {
  readonly eventStore: EventStore;
  readonly connectionConfig: pg.ClientConfig;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
}): Promise<RebuildResult[]> {
  const { eventStore, projections } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const started = performance.now();
  const leader = new pg.Client(options.connectionConfig);
  await leader.connect();
  // Every statement of the rebuild goes over the connection that holds the locks.
  const writer = new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool: singleConnectionPool(() => leader) }) });
  try {
    for (const projection of projections) {
      const lock = await leader.query<{ acquired: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as acquired', [
        advisoryLockKey(projection.name),
      ]);
      if (!lock.rows[0]?.acquired) throw new ProjectionBusy(projection.name);
    }

    await sql`drop schema if exists ${sql.id(REBUILD_SCHEMA)} cascade`.execute(writer);
    await sql`create schema ${sql.id(REBUILD_SCHEMA)}`.execute(writer);
    // Fresh tables with the keys their upserts need; their other indexes are built once the bulk
    // of the log is in (one sort per index instead of an index update per row).
    const deferredIndexes: string[] = [];
    for (const projection of projections) {
      for (const table of projection.tables) deferredIndexes.push(...(await createFreshTable(leader, table)));
    }

    // One filter for the read when every projection names its types; a projection without them takes all.
    const wantedTypes = projections.every((projection) => projection.eventTypes)
      ? new Set(projections.flatMap((projection) => [...projection.eventTypes!]))
      : undefined;
    const applied = new Map(projections.map((projection) => [projection.name, { events: 0, seconds: 0 }]));
    let position: Position = START;
    let read = 0;

    const applyPage = async (trx: Kysely<ReadModelDatabase>, page: readonly RecordedEvent[], to: readonly Projection[]): Promise<void> => {
      const target = trx.withSchema(REBUILD_SCHEMA);
      for (const projection of to) {
        const relevant = page.filter((event) => takesEvent(projection, event));
        if (relevant.length === 0) continue;
        const before = performance.now();
        await projection.applyBatch(relevant.map(storableEvent), target);
        const figures = applied.get(projection.name)!;
        figures.events += relevant.length;
        figures.seconds += (performance.now() - before) / 1000;
      }
    };
    /** Reads and applies pages until the log is read, each in the transaction given. */
    const replay = async (trx: Kysely<ReadModelDatabase>): Promise<void> => {
      for (;;) {
        const page = await eventStore.readAll({ after: position, limit: batchSize, ...(wantedTypes ? { eventTypes: wantedTypes } : {}) });
        const last = page.at(-1);
        if (!last) return;
        await applyPage(trx, page, projections);
        position = last.position;
        read += page.length;
      }
    };
    /**
     * The bulk of the log: each projection applies the pages in order on a connection of its own
     * (so PostgreSQL works on several at once), one transaction per page that does not wait for
     * the disk. A few pages are read ahead; none is dropped until every projection applied it.
     */
    const lanes = await Promise.all(projections.map(() => openWriter(options.connectionConfig)));
    try {
      const chains: Promise<void>[] = projections.map(() => Promise.resolve());
      const inFlight: Promise<void>[] = [];
      let failed: unknown;
      for (;;) {
        const page = await eventStore.readAll({ after: position, limit: batchSize, ...(wantedTypes ? { eventTypes: wantedTypes } : {}) });
        const last = page.at(-1);
        if (!last) break;
        projections.forEach((projection, index) => {
          // A page with none of the projection's events costs it no transaction.
          if (!page.some((event) => takesEvent(projection, event))) return;
          chains[index] = chains[index]!.then(() =>
            lanes[index]!.writer.transaction().execute(async (trx) => {
              await sql`set local synchronous_commit = off`.execute(trx);
              await applyPage(trx, page, [projection]);
            }),
          );
          chains[index]!.catch((error: unknown) => (failed ??= error));
        });
        position = last.position;
        read += page.length;
        options.onProgress?.({ read, position, seconds: (performance.now() - started) / 1000 });
        inFlight.push(Promise.allSettled(chains).then(() => undefined));
        if (inFlight.length >= PAGES_AHEAD) await inFlight.shift();
        if (failed !== undefined) break;
      }
      await Promise.all(chains);
      // The deferred indexes, shared out over the lanes (PostgreSQL builds one per connection at a time).
      const queue = [...deferredIndexes];
      await Promise.all(
        lanes.slice(0, INDEX_BUILDERS).map(async (lane) => {
          await sql`set maintenance_work_mem = '256MB'`.execute(lane.writer);
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sql.raw(next).execute(lane.writer);
        }),
      );
    } finally {
      await Promise.all(lanes.map((lane) => lane.close()));
    }

    await writer.transaction().execute(async (trx) => {
      // Catch up on what was appended during the replay, then swap.
      await replay(trx);
      for (const projection of projections) {
        for (const table of projection.tables) {
          await sql`drop table ${sql.id('public', table)}`.execute(trx);
          await sql`alter table ${sql.id(REBUILD_SCHEMA, table)} set schema public`.execute(trx);
        }
        const events = applied.get(projection.name)!.events;
        const checkpoint = {
          commit_position: position.commit.toString(),
          prepare_position: position.prepare.toString(),
          events_applied: events,
          updated_at: new Date(),
        };
        await trx
          .insertInto('projection_checkpoints')
          .values({ name: projection.name, ...checkpoint })
          .onConflict((conflict) => conflict.column('name').doUpdateSet(checkpoint))
          .execute();
      }
      await sql`drop schema ${sql.id(REBUILD_SCHEMA)} cascade`.execute(trx);
    });
    // The fresh tables hold no planner statistics yet: gather them before the service reads them.
    for (const projection of projections) {
      for (const table of projection.tables) await sql`analyze ${sql.id('public', table)}`.execute(writer);
    }
    return projections.map((projection) => {
      const figures = applied.get(projection.name)!;
      return { projection: projection.name, events: figures.events, position, seconds: figures.seconds };
    });
  } finally {
    await writer.destroy().catch(() => undefined);
    await leader.end().catch(() => undefined);
  }
}

/**
 * Creates `table` in the rebuild schema like its live copy: columns, defaults and checks, with
 * its primary key, unique constraints and unique indexes under their live names (upserts name
 * them, and after the swap a later migration finds every index by the name it was created with).
 * Returns the statements that create its other indexes there, to run after the replay.
 */
async function createFreshTable(connection: pg.Client, table: string): Promise<string[]> {
  // Quoted as PostgreSQL quotes them in the definitions it writes.
  const names = await connection.query<{ live: string; fresh: string }>(
    `select format('%I.%I', 'public', $1::text) as live, format('%I.%I', $2::text, $1::text) as fresh`,
    [table, REBUILD_SCHEMA],
  );
  const { live, fresh } = names.rows[0]!;
  await connection.query(`create table ${fresh} (like ${live} including all excluding indexes)`);
  const constraints = await connection.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = $1::regclass and contype in ('p', 'u', 'x') order by conname`,
    [live],
  );
  for (const { name, definition } of constraints.rows) {
    await connection.query(`alter table ${fresh} add constraint "${name.replaceAll('"', '""')}" ${definition}`);
  }
  const indexes = await connection.query<{ definition: string; unique: boolean }>(
    `select pg_get_indexdef(i.indexrelid) as definition, i.indisunique as unique from pg_index i
     where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by i.indexrelid`,
    [live],
  );
  const deferred: string[] = [];
  for (const { definition, unique } of indexes.rows) {
    // pg_get_indexdef names the table schema-qualified: "... ON public.t USING ...".
    const onFresh = definition.replace(` ON ${live} `, ` ON ${fresh} `).replace(` ON ONLY ${live} `, ` ON ONLY ${fresh} `);
    if (onFresh === definition) throw new Error(`Cannot rebuild ${table}: unexpected index definition ${definition}`);
    if (unique) await connection.query(onFresh);
    else deferred.push(onFresh);
  }
  return deferred;
}

async function openWriter(config: pg.ClientConfig): Promise<{ writer: Kysely<ReadModelDatabase>; close: () => Promise<void> }> {
  const connection = new pg.Client(config);
  await connection.connect();
  const writer = new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool: singleConnectionPool(() => connection) }) });
  return {
    writer,
    close: async () => {
      await writer.destroy().catch(() => undefined);
      await connection.end().catch(() => undefined);
    },
  };
}
