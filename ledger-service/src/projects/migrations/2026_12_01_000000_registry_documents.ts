import { type Kysely, sql } from 'kysely';

/**
 * The bytes of the documents projects cite, stored once under their sha256. Not a read model: the
 * log holds only the citations (hash, name, size, type), so these rows are kept, never rebuilt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('registry_documents')
    .addColumn('sha256', 'text', (col) => col.primaryKey())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addColumn('uploaded_by', 'text', (col) => col.notNull())
    .addColumn('uploaded_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registry_documents').execute();
}
