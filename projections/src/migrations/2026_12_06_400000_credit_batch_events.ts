import type { Kysely } from 'kysely';

/**
 * Which events of a market stream touched each batch, by stream version, and how far each market
 * stream is indexed: a batch's or a serial's provenance reads those events and the stream's tail
 * past the indexed version, not the whole market stream (bench:registry at 1,000,000 events: a
 * serial of the most split batch took 407 ms at p50 reading its whole market).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_batch_events')
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('stream_version', 'bigint', (col) => col.notNull())
    // The lowest and highest serial of the batch the event names (null: it names none, a settlement).
    .addColumn('serial_min', 'bigint')
    .addColumn('serial_max', 'bigint')
    .addPrimaryKeyConstraint('credit_batch_events_pkey', ['token_id', 'stream_version'])
    .execute();
  await db.schema
    .createTable('credit_market_indexed')
    .addColumn('stream_id', 'text', (col) => col.primaryKey())
    .addColumn('stream_version', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_market_indexed').execute();
  await db.schema.dropTable('credit_batch_events').execute();
}
