import { type Kysely, sql } from 'kysely';

/**
 * Snapshots of deciders' states, a cache of the write side (docs/snapshots.md): one row per
 * stream, the newest. `schema` names the state's encoding (a snapshot of another schema is
 * ignored); `event_hash` is the chain hash of the event at `stream_version`, so a snapshot is
 * used only on the very history it was taken from; `state_sha256` catches a damaged row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stream_snapshots')
    .addColumn('stream_id', 'text', (col) => col.primaryKey())
    .addColumn('schema', 'text', (col) => col.notNull())
    .addColumn('stream_version', 'bigint', (col) => col.notNull())
    .addColumn('event_hash', 'text', (col) => col.notNull())
    .addColumn('state', 'bytea', (col) => col.notNull())
    .addColumn('state_sha256', 'bytea', (col) => col.notNull())
    .addColumn('taken_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // The encoded state is read whole on every cold load: stored uncompressed, so the read spends
  // nothing on decompressing it (structured-clone bytes compress little).
  await sql`alter table stream_snapshots alter column state set storage external`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_snapshots').execute();
}
