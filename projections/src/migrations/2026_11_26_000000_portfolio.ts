import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('portfolios')
    .addColumn('portfolio_id', 'uuid', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('risk_profile', 'text', (col) => col.notNull())
    .addColumn('implemented_suggestions', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('portfolios_by_owner').on('portfolios').columns(['owner_id', 'created_at']).execute();

  // Closing price, range and volume of each market (project type + vintage) per UTC day of its trades.
  await db.schema
    .createTable('market_daily_prices')
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('open', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('close', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('high', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('low', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('volume', 'bigint', (col) => col.notNull())
    .addColumn('notional', sql`numeric(24, 2)`, (col) => col.notNull())
    .addColumn('trades', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('market_daily_prices_pkey', ['project_type', 'vintage', 'day'])
    .execute();
  await db.schema.createIndex('market_daily_prices_by_day').on('market_daily_prices').column('day').execute();

  // Net change of each account's credits per market and UTC day: issued to it, bought, sold, retired.
  await db.schema
    .createTable('account_daily_positions')
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('day', 'date', (col) => col.notNull())
    .addColumn('change', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('account_daily_positions_pkey', ['account_id', 'project_type', 'vintage', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_daily_positions').execute();
  await db.schema.dropTable('market_daily_prices').execute();
  await db.schema.dropTable('portfolios').execute();
}
