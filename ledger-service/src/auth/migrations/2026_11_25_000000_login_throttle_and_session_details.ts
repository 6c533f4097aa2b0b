import { type Kysely, sql } from 'kysely';

/**
 * Failed sign-ins per key (account and address, or address alone) live in PostgreSQL so every
 * instance throttles alike; sessions gain a public id and what the user sees about them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_login_throttle')
    .addColumn('throttle_key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('last_failure_at', 'timestamptz', (col) => col.notNull())
    .addColumn('blocked_until', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_login_throttle_by_last_failure').on('auth_login_throttle').column('last_failure_at').execute();
  await db.schema
    .alterTable('auth_sessions')
    .addColumn('session_id', 'uuid', (col) =>
      col
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('user_agent', 'text')
    .addColumn('client_address', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('auth_sessions')
    .dropColumn('session_id')
    .dropColumn('last_seen_at')
    .dropColumn('user_agent')
    .dropColumn('client_address')
    .execute();
  await db.schema.dropTable('auth_login_throttle').execute();
}
