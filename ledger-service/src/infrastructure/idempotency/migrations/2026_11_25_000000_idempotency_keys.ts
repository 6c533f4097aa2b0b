import { type Kysely, sql } from 'kysely';

/**
 * Idempotency keys of state-changing requests, per user. `status` is null while the first
 * request runs (the claim with `lease_token` holds until `locked_until` and is renewed);
 * then the row keeps the first answer until `expires_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('command_id', 'uuid', (col) => col.notNull())
    .addColumn('lease_token', 'uuid', (col) => col.notNull())
    .addColumn('status', 'smallint')
    .addColumn('response_body', 'text')
    .addColumn('locked_until', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_by_expiry').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
