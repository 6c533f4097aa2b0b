import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The XRP/NXCC pool's reserves after each change the platform recorded: its opening, each swap.
  await db.schema
    .createTable('amm_reserves')
    .addColumn('tx_hash', 'text', (col) => col.primaryKey())
    .addColumn('cause', 'text', (col) => col.notNull())
    .addColumn('xrp_drops', 'bigint', (col) => col.notNull())
    // Unbounded: an issued-currency value spans 10^-96 to 10^80.
    .addColumn('credits', sql`numeric`, (col) => col.notNull())
    .addColumn('observed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('amm_reserves_by_time').on('amm_reserves').columns(['observed_at', 'commit_position', 'prepare_position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('amm_reserves').execute();
}
