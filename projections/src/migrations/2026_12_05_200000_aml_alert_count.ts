import { type Kysely, sql } from 'kysely';

/**
 * The AML alert list's `totalAlerts`, kept in the aml-alerts projection's totals row as each batch
 * inserts alerts, instead of a count over every alert on each request (that count grew with the log).
 * Starts from the alerts there now, so a database migrated in place counts what it holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('aml_totals')
    .addColumn('alerts', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into aml_totals (scope, alerts) values ('all', (select count(*) from aml_alerts))
    on conflict (scope) do update set alerts = excluded.alerts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('aml_totals').dropColumn('alerts').execute();
}
