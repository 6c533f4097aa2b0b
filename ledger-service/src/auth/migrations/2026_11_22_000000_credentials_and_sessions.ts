import { type Kysely, sql } from 'kysely';

/** Secrets stay out of the event log: password hashes and sessions live here, not in events. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_credentials')
    .addColumn('user_id', 'uuid', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('auth_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('auth_credentials.user_id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('auth_sessions_by_user').on('auth_sessions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_sessions').execute();
  await db.schema.dropTable('auth_credentials').execute();
}
