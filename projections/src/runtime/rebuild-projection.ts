import { type EventStore, type Position, START } from '@carbon-ledger/contracts';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { ReadModelDatabase } from '../read-model-database.js';
import type { Projection } from './projection.js';
import { advisoryLockKey } from './log-follower-runner.js';
import { storableEvent } from './storable-event.js';

const REBUILD_SCHEMA = 'projection_rebuild';

export class ProjectionBusy extends Error {
  override readonly name = 'ProjectionBusy';
  constructor(readonly projection: string) {
    super(`Projection ${projection} is running in another process (is the service started?). Stop it, then rebuild.`);
  }
}

export interface RebuildResult {
  readonly projection: string;
  readonly events: number;
  readonly position: Position;
  readonly seconds: number;
}

/**
 * Replays the whole log into fresh copies of the projection's tables, then swaps
 * them in and sets the checkpoint in one transaction, so readers see either the
 * old or the new read model, never a half-built one.
 */
export async function rebuildProjection(options: {
  readonly db: Kysely<ReadModelDatabase>;
  readonly eventStore: EventStore;
  readonly connectionConfig: pg.ClientConfig;
  readonly projection: Projection;
  readonly batchSize?: number;
}): Promise<RebuildResult> {
  const { db, eventStore, projection } = options;
  const batchSize = options.batchSize ?? 2_000;
  const started = performance.now();
  const leader = new pg.Client(options.connectionConfig);
  await leader.connect();
  try {
    const lock = await leader.query<{ acquired: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as acquired', [
      advisoryLockKey(projection.name),
    ]);
    if (!lock.rows[0]?.acquired) throw new ProjectionBusy(projection.name);

    await sql`drop schema if exists ${sql.id(REBUILD_SCHEMA)} cascade`.execute(db);
    await sql`create schema ${sql.id(REBUILD_SCHEMA)}`.execute(db);
    for (const table of projection.tables) {
      await sql`create table ${sql.id(REBUILD_SCHEMA, table)} (like ${sql.id('public', table)} including all)`.execute(db);
    }

    let position: Position = START;
    let events = 0;
    const replay = async (trx: Kysely<ReadModelDatabase>): Promise<void> => {
      for (;;) {
        const batch = (await eventStore.readAll({ after: position, limit: batchSize })).map(storableEvent);
        const last = batch.at(-1);
        if (!last) return;
        const target = trx.withSchema(REBUILD_SCHEMA);
        await projection.applyBatch(batch, target);
        position = last.position;
        events += batch.length;
      }
    };
    await replay(db);

    await db.transaction().execute(async (trx) => {
      // Catch up on what was appended during the replay, then swap.
      await replay(trx);
      for (const table of projection.tables) {
        await sql`drop table ${sql.id('public', table)}`.execute(trx);
        await sql`alter table ${sql.id(REBUILD_SCHEMA, table)} set schema public`.execute(trx);
      }
      await trx
        .insertInto('projection_checkpoints')
        .values({
          name: projection.name,
          commit_position: position.commit.toString(),
          prepare_position: position.prepare.toString(),
          events_applied: events,
          updated_at: new Date(),
        })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({
            commit_position: position.commit.toString(),
            prepare_position: position.prepare.toString(),
            events_applied: events,
            updated_at: new Date(),
          }),
        )
        .execute();
      await sql`drop schema ${sql.id(REBUILD_SCHEMA)} cascade`.execute(trx);
    });
    return { projection: projection.name, events, position, seconds: (performance.now() - started) / 1000 };
  } finally {
    await leader.end().catch(() => undefined);
  }
}
