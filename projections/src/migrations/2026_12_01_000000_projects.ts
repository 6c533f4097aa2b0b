import { type Kysely, sql } from 'kysely';

/**
 * The registry lifecycle's read models (projects, their monitoring reports, issuances and cited
 * documents, verifier accreditations, imports from other registries), the organisation of users,
 * and what a credit batch says about its report, its buffer share and its origin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('project_id', 'text', (col) => col.primaryKey())
    .addColumn('proponent_id', 'text', (col) => col.notNull())
    .addColumn('proponent_organisation', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('project_type', 'text', (col) => col.notNull())
    .addColumn('mitigation', 'text', (col) => col.notNull())
    .addColumn('host_country', 'text', (col) => col.notNull())
    .addColumn('standard', 'text', (col) => col.notNull())
    .addColumn('methodology', 'text', (col) => col.notNull())
    .addColumn('location', 'text', (col) => col.notNull())
    // ISO dates as the event carries them: a date column would come back as a local-midnight Date.
    .addColumn('crediting_period_start', 'text', (col) => col.notNull())
    .addColumn('crediting_period_end', 'text', (col) => col.notNull())
    .addColumn('expected_annual_quantity', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('drafted_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reasons', 'text')
    .addColumn('verifier_id', 'text')
    .addColumn('verifier_name', 'text')
    .addColumn('verifier_organisation', 'text')
    .addColumn('registered_at', 'timestamptz')
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('projects_by_proponent').on('projects').column('proponent_id').execute();
  await db.schema.createIndex('projects_by_verifier').on('projects').column('verifier_id').execute();

  await db.schema
    .createTable('project_reports')
    .addColumn('report_id', 'uuid', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('period_end', 'text', (col) => col.notNull())
    .addColumn('mitigation', 'text', (col) => col.notNull())
    .addColumn('claimed', 'jsonb', (col) => col.notNull())
    .addColumn('verified', 'jsonb')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reasons', 'text')
    .addColumn('filed_by', 'text', (col) => col.notNull())
    .addColumn('filed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('approved_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('project_reports_by_project').on('project_reports').columns(['project_id', 'filed_at']).execute();

  await db.schema
    .createTable('project_issuances')
    .addColumn('batch_id', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('report_id', 'uuid', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('buffer_batch_id', 'text')
    .addColumn('buffer_quantity', 'integer', (col) => col.notNull())
    .addColumn('issued', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('buffer_issued', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('project_issuances_by_project').on('project_issuances').columns(['project_id', 'report_id']).execute();
  await db.schema.createIndex('project_issuances_by_buffer_batch').on('project_issuances').column('buffer_batch_id').execute();

  // Batches issued from a report, seen by this projection itself: their CreditsIssued may come before the approval.
  await db.schema
    .createTable('project_issued_batches')
    .addColumn('batch_id', 'text', (col) => col.primaryKey())
    .execute();

  await db.schema
    .createTable('project_documents')
    .addColumn('event_id', 'text', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('report_id', 'uuid')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('cited_by', 'text', (col) => col.notNull())
    .addColumn('cited_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_documents_pkey', ['event_id', 'sha256'])
    .execute();
  await db.schema.createIndex('project_documents_by_project').on('project_documents').column('project_id').execute();
  await db.schema.createIndex('project_documents_by_sha256').on('project_documents').column('sha256').execute();

  await db.schema
    .createTable('verifier_accreditations')
    .addColumn('verifier_id', 'text', (col) => col.primaryKey())
    .addColumn('project_types', sql`text[]`, (col) => col.notNull())
    .addColumn('accredited_by', 'text', (col) => col.notNull())
    .addColumn('accredited_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('origin_imports')
    .addColumn('import_id', 'uuid', (col) => col.primaryKey())
    .addColumn('origin_registry', 'text', (col) => col.notNull())
    .addColumn('origin_start', 'bigint', (col) => col.notNull())
    .addColumn('origin_end', 'bigint', (col) => col.notNull())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('vintage', 'integer', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('batch_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('recorded_by', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('origin_imports_by_registry').on('origin_imports').columns(['origin_registry', 'origin_start']).execute();

  await db.schema.alterTable('users').addColumn('organisation', 'text').execute();

  await db.schema
    .alterTable('credit_batches')
    .addColumn('report_id', 'uuid')
    .addColumn('buffer_for', 'text')
    .addColumn('origin_registry', 'text')
    .addColumn('origin_start', 'bigint')
    .addColumn('origin_end', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('credit_batches')
    .dropColumn('report_id')
    .dropColumn('buffer_for')
    .dropColumn('origin_registry')
    .dropColumn('origin_start')
    .dropColumn('origin_end')
    .execute();
  await db.schema.alterTable('users').dropColumn('organisation').execute();
  await db.schema.dropTable('origin_imports').execute();
  await db.schema.dropTable('verifier_accreditations').execute();
  await db.schema.dropTable('project_documents').execute();
  await db.schema.dropTable('project_issued_batches').execute();
  await db.schema.dropTable('project_issuances').execute();
  await db.schema.dropTable('project_reports').execute();
  await db.schema.dropTable('projects').execute();
}
