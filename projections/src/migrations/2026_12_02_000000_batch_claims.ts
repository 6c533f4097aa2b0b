import type { Kysely } from 'kysely';

/**
 * What a batch may be used for (docs/credit-use.md): its host-country authorization and
 * corresponding adjustment, one row per batch; and the use each retirement states, with the
 * batch's state it was decided on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batch_claims')
    .addColumn('token_id', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) => col.notNull())
    .addColumn('host_country', 'text')
    .addColumn('authorized', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('authorized_use', 'text')
    // An ISO date as the event carries it: a date column would come back as a local-midnight Date.
    .addColumn('authorized_on', 'text')
    .addColumn('letter', 'jsonb')
    .addColumn('adjustment', 'text', (col) => col.notNull().defaultTo('not_applicable'))
    .addColumn('reporting_period', 'text')
    .addColumn('commit_position', 'bigint', (col) => col.notNull())
    .addColumn('prepare_position', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('credit_retirements')
    // Null: a retirement from before uses were stated (voluntary, and its certificate names no use).
    .addColumn('use', 'text')
    .addColumn('claims', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('credit_retirements').dropColumn('use').dropColumn('claims').execute();
  await db.schema.dropTable('batch_claims').execute();
}
