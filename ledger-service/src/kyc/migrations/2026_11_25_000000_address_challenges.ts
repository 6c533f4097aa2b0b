import { type Kysely, sql } from 'kysely';

/** Challenges for proving an address's key: short-lived and single use, so kept out of the event log. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_address_challenges')
    .addColumn('challenge_id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('kyc_address_challenges_by_expiry').on('kyc_address_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_address_challenges').execute();
}
