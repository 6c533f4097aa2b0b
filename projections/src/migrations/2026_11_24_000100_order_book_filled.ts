import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_book')
    .addColumn('filled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_book_by_market_status').on('order_book').columns(['project_type', 'vintage', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_book_by_market_status').execute();
  await db.schema.alterTable('order_book').dropColumn('filled').execute();
}
