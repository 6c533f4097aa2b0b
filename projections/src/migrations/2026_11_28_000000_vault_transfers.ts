import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Every move in or out of the platform vault, on the registry side and on the ledger side, and
  // whether the other side has followed yet: what proof of reserves counts as in flight.
  await db.schema
    .createTable('vault_transfers')
    .addColumn('transfer_id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('xrpl_address', 'text', (col) => col.notNull())
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    // The serials moved (SerialRange[]); null while only the ledger side is recorded.
    .addColumn('ranges', 'jsonb')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('vault_transfers_in_flight').on('vault_transfers').columns(['status', 'kind']).execute();
  await db.schema.createIndex('vault_transfers_by_time').on('vault_transfers').columns(['recorded_at', 'commit_position', 'prepare_position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('vault_transfers').execute();
}
