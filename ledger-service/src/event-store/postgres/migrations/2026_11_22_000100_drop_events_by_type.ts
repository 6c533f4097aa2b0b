import { type Kysely, sql } from 'kysely';

/**
 * Frozen in time: no query reads the log by event type (exports, reports and projections
 * read it in log order and select in memory), and each index costs every append.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_by_type`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists events_by_type on events (type)`.execute(db);
}
