import { type Kysely, sql } from 'kysely';

/**
 * The AML alert list's `totalAlerts`, kept in `aml_totals` by the aml-alerts projection (it counts
 * the alerts its inserts return), instead of a count over every alert on each request. Seeded from
 * the alerts there now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('aml_totals')
    .addColumn('alerts', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update aml_totals set alerts = (select count(*) from aml_alerts) where scope = 'all'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('aml_totals').dropColumn('alerts').execute();
}
