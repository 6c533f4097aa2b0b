import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cash_accounts')
    .addColumn('account_id', 'text', (col) => col.primaryKey())
    .addColumn('debits_posted', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('credits_posted', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('debits_pending', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('credits_pending', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('market_credits', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('cash_holds')
    .addColumn('order_id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('reservation_id', 'uuid', (col) => col.notNull())
    .addColumn('left_cents', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('cash_withdrawals')
    .addColumn('withdrawal_id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('cash_transfers')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('transfer_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('counterparty', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('log_order', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('cash_transfers_pkey', ['user_id', 'transfer_id', 'status'])
    .execute();
  await db.schema.createIndex('cash_transfers_statement').on('cash_transfers').columns(['user_id', 'log_order']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['cash_transfers', 'cash_withdrawals', 'cash_holds', 'cash_accounts']) await db.schema.dropTable(table).ifExists().execute();
}
