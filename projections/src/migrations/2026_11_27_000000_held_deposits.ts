import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('held_deposits')
    .addColumn('tx_hash', 'text', (col) => col.primaryKey())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('destination_tag', 'bigint')
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('issuer', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('ledger_index', 'bigint', (col) => col.notNull())
    .addColumn('held_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('assigned_to', 'text')
    .addColumn('assigned_by', 'text')
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('log_order', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('held_deposits_by_status').on('held_deposits').columns(['status', 'log_order']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('held_deposits').ifExists().execute();
}
