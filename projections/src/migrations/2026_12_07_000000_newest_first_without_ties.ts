import { type Kysely, sql } from 'kysely';

/**
 * Lists newest first read one index range whatever number of rows share an instant.
 *
 * With an index on the instant alone beside the index on (instant, log position), the planner
 * took the shorter one and sorted each group of equal instants to break the tie: a page then cost
 * the largest such group, not the page (bench:registry at 1,000,000 events, where 205,671 trades
 * shared one instant: 413 ms for the first 50 trades; the compliance dashboard's ten recent
 * transactions sorted 531,102). Rows share an instant wherever history is imported at once.
 * The prefixes go; the compliance dashboard's recent activity gets its tiebreak in its index.
 *
 * Indexes are found by their definition, not their name: a rebuild before 2026-12-03 gave them
 * generated names. `credit_trades (project_type, vintage, executed_at desc)`, which
 * `drop_trades_by_market` dropped by name, goes here too where a rebuild had renamed it.
 */
const PREFIXES: readonly { readonly table: string; readonly columns: string; readonly name: string }[] = [
  { table: 'credit_trades', columns: 'executed_at DESC', name: 'credit_trades_by_executed_at' },
  { table: 'credit_retirements', columns: 'retired_at DESC', name: 'credit_retirements_by_retired_at' },
  { table: 'aml_alerts', columns: 'raised_at DESC', name: 'aml_alerts_by_raised_at' },
  { table: 'order_book', columns: 'placed_at DESC', name: 'order_book_by_placed_at' },
  { table: 'aml_transactions', columns: 'occurred_at DESC', name: 'aml_transactions_by_time' },
  { table: 'credit_trades', columns: 'project_type, vintage, executed_at DESC', name: 'credit_trades_by_market' },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists aml_transactions_recent on aml_transactions (occurred_at desc, transaction_id)`.execute(db);
  for (const { table, columns } of PREFIXES) {
    const found = await sql<{ name: string }>`
      select i.indexrelid::regclass::text as name from pg_index i
      where i.indrelid = ${table}::regclass and not i.indisunique
        and pg_get_indexdef(i.indexrelid) like ${`% USING btree (${columns})`}`.execute(db);
    for (const { name } of found.rows) await sql`drop index ${sql.raw(name)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, columns, name } of PREFIXES.slice(0, -1)) {
    await sql`create index if not exists ${sql.id(name)} on ${sql.id(table)} (${sql.raw(columns)})`.execute(db);
  }
  await sql`drop index if exists aml_transactions_recent`.execute(db);
}
