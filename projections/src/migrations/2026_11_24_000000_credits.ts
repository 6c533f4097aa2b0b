import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_batches')
    .addColumn('token_id', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('project_name', 'text', (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('standard', 'text', (col) => col.notNull())
    .addColumn('methodology', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('retired', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('serial_prefix', 'text', (col) => col.notNull())
    .addColumn('issuer_account_id', 'text', (col) => col.notNull())
    .addColumn('xrpl_address', 'text', (col) => col.notNull())
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('nft_id', 'text')
    .addColumn('settlement_status', 'text', (col) => col.notNull())
    .addColumn('settlement_reason', 'text')
    .addColumn('settlement_transactions', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_batches_by_issued_at').on('credit_batches').columns(['issued_at desc']).execute();
  await db.schema.createIndex('credit_batches_by_market').on('credit_batches').columns(['project_type', 'vintage']).execute();
  await db.schema.createIndex('credit_batches_by_position').on('credit_batches').columns(['commit_position', 'prepare_position']).execute();

  await db.schema
    .createTable('credit_holdings')
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('serial_start', 'integer', (col) => col.notNull())
    .addColumn('serial_end', 'integer', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('order_id', 'uuid')
    .addPrimaryKeyConstraint('credit_holdings_pkey', ['token_id', 'serial_start'])
    .addCheckConstraint('credit_holdings_range', sql`serial_start <= serial_end`)
    .execute();
  await db.schema.createIndex('credit_holdings_by_account_status').on('credit_holdings').columns(['account_id', 'status']).execute();

  await db.schema
    .createTable('credit_trades')
    .addColumn('trade_id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer')
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('price', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('aggressor', 'text')
    .addColumn('buyer_account_id', 'text', (col) => col.notNull())
    .addColumn('seller_account_id', 'text', (col) => col.notNull())
    .addColumn('buy_order_id', 'uuid')
    .addColumn('sell_order_id', 'uuid')
    .addColumn('settlement_status', 'text', (col) => col.notNull())
    .addColumn('settlement_tx_hash', 'text')
    .addColumn('ranges', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('executed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_trades_by_executed_at').on('credit_trades').columns(['executed_at desc']).execute();
  await db.schema.createIndex('credit_trades_by_market').on('credit_trades').columns(['project_type', 'vintage', 'executed_at desc']).execute();
  await db.schema.createIndex('credit_trades_by_position').on('credit_trades').columns(['commit_position', 'prepare_position']).execute();

  await db.schema
    .createTable('credit_retirements')
    .addColumn('retirement_id', 'uuid', (col) => col.primaryKey())
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('ranges', 'jsonb', (col) => col.notNull())
    .addColumn('beneficiary', 'text', (col) => col.notNull())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('standard', 'text', (col) => col.notNull())
    .addColumn('offset_type', 'text', (col) => col.notNull())
    .addColumn('retired_by', 'text', (col) => col.notNull())
    .addColumn('project_name', 'text', (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('xrpl_tx_hash', 'text')
    .addColumn('nft_burn_tx_hash', 'text')
    .addColumn('verification_status', 'text', (col) => col.notNull())
    .addColumn('retired_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  // The retirements projection's own copy of what a certificate names about a batch.
  await db.schema
    .createTable('credit_retirement_batches')
    .addColumn('token_id', 'text', (col) => col.primaryKey())
    .addColumn('project_name', 'text', (col) => col.notNull())
    .addColumn('methodology', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('serial_prefix', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_retirements_by_retired_at').on('credit_retirements').columns(['retired_at desc']).execute();
  await db.schema.createIndex('credit_retirements_by_token').on('credit_retirements').column('token_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_retirement_batches').execute();
  await db.schema.dropTable('credit_retirements').execute();
  await db.schema.dropTable('credit_trades').execute();
  await db.schema.dropTable('credit_holdings').execute();
  await db.schema.dropTable('credit_batches').execute();
}
