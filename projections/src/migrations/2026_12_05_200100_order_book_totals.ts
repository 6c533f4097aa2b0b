import { type Kysely, sql } from 'kysely';

/**
 * The order list's figures (orders, open orders, average price), for the whole book (owner '*')
 * and per owner, kept by the order-book projection as each batch changes them, instead of
 * aggregated over the whole book on each request. Starts from the orders there now.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_book_totals')
    .addColumn('owner_id', 'text', (col) => col.primaryKey())
    .addColumn('orders', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('open_orders', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('price_sum', sql`numeric(24, 2)`, (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`insert into order_book_totals (owner_id, orders, open_orders, price_sum)
    select coalesce(owner_id, '*'), count(*), count(*) filter (where status in ('pending', 'partially_filled')), coalesce(sum(price), 0)
    from order_book group by grouping sets ((owner_id), ())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_book_totals').execute();
}
