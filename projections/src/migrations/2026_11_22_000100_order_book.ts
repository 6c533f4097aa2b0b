import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_book')
    .addColumn('order_id', 'uuid', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('side', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('price', sql`numeric(12, 2)`, (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('placed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('order_book_by_placed_at').on('order_book').columns(['placed_at desc']).execute();
  await db.schema.createIndex('order_book_by_status').on('order_book').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_book').execute();
}
