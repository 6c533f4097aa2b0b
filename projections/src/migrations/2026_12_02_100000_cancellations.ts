import type { Kysely } from 'kysely';

/**
 * Cancelled serials (docs/cancellations-and-reversals.md): a batch's cancelled count, each
 * cancellation's record, and projects' reversals with what the buffer pool covered of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('credit_batches')
    .addColumn('cancelled', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('credit_cancellations')
    .addColumn('cancellation_id', 'uuid', (col) => col.primaryKey())
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('project_name', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('ranges', 'jsonb', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    .addColumn('cancelled_by', 'text', (col) => col.notNull())
    .addColumn('by_registry', 'boolean', (col) => col.notNull())
    .addColumn('reversal_project_id', 'text')
    .addColumn('reversal_id', 'uuid')
    .addColumn('cancelled_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_cancellations_by_account').on('credit_cancellations').columns(['account_id', 'cancelled_at']).execute();
  await db.schema.createIndex('credit_cancellations_by_reversal').on('credit_cancellations').column('reversal_id').execute();

  await db.schema
    .createTable('project_reversals')
    .addColumn('reversal_id', 'uuid', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('cause', 'text', (col) => col.notNull())
    .addColumn('recorded_by', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    .addColumn('covered', 'integer')
    .addColumn('shortfall', 'integer')
    .addColumn('covered_at', 'timestamptz')
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('project_reversals_by_project').on('project_reversals').columns(['project_id', 'recorded_at']).execute();
}
