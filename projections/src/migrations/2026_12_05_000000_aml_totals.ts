import { type Kysely, sql } from 'kysely';

/**
 * The compliance dashboard's counts (high-risk transactions, transactions to review, high-priority
 * alerts), kept by the aml-alerts projection as each batch changes them, instead of counted over
 * every screened transaction and alert on each request (those counts grew with the log). The one
 * row starts from the rows there now, so a database migrated in place counts what it holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('aml_totals')
    .addColumn('scope', 'text', (col) => col.primaryKey())
    .addColumn('high_risk_transactions', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('review_transactions', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('high_priority_alerts', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into aml_totals (scope, high_risk_transactions, review_transactions, high_priority_alerts)
    select 'all',
      (select count(*) from aml_transactions where risk_score >= 70),
      (select count(*) from aml_transactions where requires_review),
      (select count(*) from aml_alerts where priority in ('critical', 'high'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('aml_totals').execute();
}
