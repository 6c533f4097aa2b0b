import { type Kysely, sql } from 'kysely';

/**
 * How far the deposit watcher has read the deposit address's history: a resume point, not a record
 * (each deposit is recorded once per hash in the log whoever reads it), so it lives beside the log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('funds_deposit_watch')
    .addColumn('address', 'text', (col) => col.primaryKey())
    .addColumn('ledger_index', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('funds_deposit_watch').execute();
}
