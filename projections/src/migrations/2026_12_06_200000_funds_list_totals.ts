import { type Kysely, sql } from 'kysely';

/**
 * The funds lists' `total`, kept by the projections that write their rows instead of counted over
 * them on each request (both tables grow with the log): a user's statement rows
 * (`cash_statement_totals`, kept by the cash ledger) and the held deposits per status
 * (`held_deposit_totals`, kept by the held-deposits projection). Each starts from the rows there
 * now, so a database migrated in place counts what it holds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cash_statement_totals')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('transfers', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into cash_statement_totals (user_id, transfers) select user_id, count(*) from cash_transfers group by user_id`.execute(db);
  await db.schema
    .createTable('held_deposit_totals')
    .addColumn('status', 'text', (col) => col.primaryKey())
    .addColumn('deposits', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into held_deposit_totals (status, deposits) select status, count(*) from held_deposits group by status`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('held_deposit_totals').execute();
  await db.schema.dropTable('cash_statement_totals').execute();
}
