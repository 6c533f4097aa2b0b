import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_status')
    .addColumn('address', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('kyc_status', 'text', (col) => col.notNull())
    .addColumn('aml_status', 'text', (col) => col.notNull())
    .addColumn('risk_score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('jurisdiction', 'text')
    .addColumn('level', 'text', (col) => col.notNull())
    .addColumn('country', 'text')
    .addColumn('inquiry_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('rejected_reason', 'text')
    .addColumn('credential_tx_hash', 'text')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('kyc_status_by_owner').on('kyc_status').column('owner_id').execute();
  await db.schema.createIndex('kyc_status_by_status_expiry').on('kyc_status').columns(['kyc_status', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_status').execute();
}
