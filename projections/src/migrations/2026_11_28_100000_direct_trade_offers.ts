import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Direct trade offers (docs/funds.md, "Direct trades"): both parties list them; accept, decline and cancel find their market here.
  await db.schema
    .createTable('direct_trade_offers')
    .addColumn('offer_id', 'text', (col) => col.primaryKey())
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('seller_account_id', 'text', (col) => col.notNull())
    .addColumn('buyer_account_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('price', 'numeric(12, 2)', (col) => col.notNull())
    // open until accepted, declined, cancelled or withdrawn as expired; an open one past expires_at is listed as expired.
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('trade_id', 'text')
    .addColumn('offered_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('direct_trade_offers_by_seller').on('direct_trade_offers').columns(['seller_account_id', 'offered_at']).execute();
  await db.schema.createIndex('direct_trade_offers_by_buyer').on('direct_trade_offers').columns(['buyer_account_id', 'offered_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('direct_trade_offers').execute();
}
