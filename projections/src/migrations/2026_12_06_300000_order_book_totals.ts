import { type Kysely, sql } from 'kysely';

/**
 * The order list's figures (orders, open orders, average price), per owner and for everyone (owner
 * '*'), kept by the order-book projection in the statement that writes each batch, instead of one
 * aggregate over every order on each request (it grew with the log). The rows start from the orders
 * there now, so a database migrated in place counts what it holds. Open: pending or partly filled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_book_totals')
    .addColumn('owner_id', 'text', (col) => col.primaryKey())
    .addColumn('orders', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('open_orders', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('price_sum', 'numeric', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into order_book_totals (owner_id, orders, open_orders, price_sum)
    select coalesce(owner_id, '*'), count(*), count(*) filter (where status in ('pending', 'partially_filled')), coalesce(sum(price), 0)
    from order_book group by grouping sets ((owner_id), ())`.execute(db);
  // An empty book still has the everyone row, so the projection only ever adds to rows that exist or it inserts.
  await sql`insert into order_book_totals (owner_id) values ('*') on conflict do nothing`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_book_totals').execute();
}
