import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('aml_transactions')
    .addColumn('transaction_type', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('amount_usd', sql`numeric(16, 2)`, (col) => col.notNull())
    .addColumn('occurred_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .addColumn('risk_score', 'integer')
    .addColumn('is_high_risk', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('requires_review', 'boolean', (col) => col.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('aml_transactions_pkey', ['transaction_type', 'transaction_id'])
    .execute();
  await db.schema.createIndex('aml_transactions_by_user_time').on('aml_transactions').columns(['user_id', 'occurred_at']).execute();
  await db.schema.createIndex('aml_transactions_by_time').on('aml_transactions').columns(['occurred_at desc']).execute();

  await db.schema
    .createTable('aml_alerts')
    .addColumn('alert_id', 'uuid', (col) => col.primaryKey())
    .addColumn('priority', 'text', (col) => col.notNull())
    .addColumn('transaction_type', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('risk_score', 'integer', (col) => col.notNull())
    .addColumn('amount_usd', sql`numeric(16, 2)`, (col) => col.notNull())
    .addColumn('risk_flags', sql`text[]`, (col) => col.notNull())
    .addColumn('reasons', sql`text[]`, (col) => col.notNull())
    .addColumn('requires_review', 'boolean', (col) => col.notNull())
    .addColumn('raised_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('aml_alerts_by_raised_at').on('aml_alerts').columns(['raised_at desc']).execute();
  await db.schema.createIndex('aml_alerts_by_position').on('aml_alerts').columns(['commit_position', 'prepare_position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('aml_alerts').execute();
  await db.schema.dropTable('aml_transactions').execute();
}
