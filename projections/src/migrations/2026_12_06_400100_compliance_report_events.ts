import { type Kysely, sql } from 'kysely';

/**
 * What a compliance report reads instead of the whole log: the events it can draw on, keyed by the
 * instant that puts each in a period (or by the subject of one that is), and how far the log is
 * counted (bench:registry at 1,000,000 events: a CSRD report for 2026 read every event, 12 s at p50).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('compliance_report_events')
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .addColumn('event_id', 'uuid', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('at_ms', 'bigint')
    .addColumn('subject', 'text')
    .addColumn('refs', sql`text[]`)
    .addPrimaryKeyConstraint('compliance_report_events_pkey', ['commit_position', 'prepare_position'])
    .execute();
  await db.schema.createIndex('compliance_report_events_by_instant').on('compliance_report_events').columns(['at_ms']).where('at_ms', 'is not', null).execute();
  await db.schema
    .createIndex('compliance_report_events_by_subject')
    .on('compliance_report_events')
    .columns(['kind', 'subject'])
    .where('subject', 'is not', null)
    .execute();
  await db.schema
    .createTable('compliance_log_extent')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('events', 'bigint', (col) => col.notNull())
    .addColumn('first_commit', 'bigint', (col) => col.notNull())
    .addColumn('first_prepare', 'bigint', (col) => col.notNull())
    .addColumn('last_commit', 'bigint', (col) => col.notNull())
    .addColumn('last_prepare', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('compliance_log_extent').execute();
  await db.schema.dropTable('compliance_report_events').execute();
}
