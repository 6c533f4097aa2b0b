import { type Kysely, sql } from 'kysely';

/**
 * The registry's review queue and the verifier's queue, paged by cursor: each project keeps since
 * when it waits for the registry (`review_since`) and for its verifier (`verification_since`), null
 * while it waits for neither, so a queue is read by keyset on an index in its order (what waits
 * longest first, then every other project newest first) instead of built whole per request.
 *
 * A project and a report keep since when they are in their status (`status_since`), the time the
 * event that put them there states. The log is not read here: rows already there start from the
 * times they keep (a report verified since it was verified, a project since it was drafted or
 * registered), and a rebuild of the projects projection gives each the exact time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('status_since', 'timestamptz').execute();
  await db.schema.alterTable('projects').addColumn('review_since', 'timestamptz').execute();
  await db.schema.alterTable('projects').addColumn('verification_since', 'timestamptz').execute();
  await db.schema.alterTable('project_reports').addColumn('status_since', 'timestamptz').execute();

  await sql`update projects set status_since = coalesce(registered_at, drafted_at)`.execute(db);
  await sql`update project_reports set status_since = case status
      when 'verified' then coalesce(verified_at, filed_at)
      when 'approved' then coalesce(approved_at, verified_at, filed_at)
      else greatest(filed_at, verified_at)
    end`.execute(db);
  await sql`update projects set ${sql.raw(QUEUE_SINCE)}`.execute(db);

  await db.schema
    .alterTable('projects')
    .alterColumn('status_since', (col) => col.setNotNull())
    .execute();
  await db.schema
    .alterTable('project_reports')
    .alterColumn('status_since', (col) => col.setNotNull())
    .execute();

  // Each queue's two parts in their order: waiting longest first, then the rest newest drafted first.
  await db.schema.createIndex('projects_review_waiting').on('projects').columns(['review_since', 'project_id']).execute();
  await db.schema.createIndex('projects_verification_waiting').on('projects').columns(['verifier_id', 'verification_since', 'project_id']).execute();
  await db.schema.createIndex('projects_by_verifier_page').on('projects').columns(['verifier_id', 'drafted_at desc', 'project_id']).execute();
  await db.schema.createIndex('project_reports_by_project_status').on('project_reports').columns(['project_id', 'status', 'status_since']).execute();
}

/**
 * Since when a project waits for the registry (validated, or a report verified) and for its
 * verifier (under validation, or a report awaiting verification): the earliest of what waits.
 * The projects projection sets the same after each change of a project or a report (kept here
 * as it stood when this migration was written).
 */
const QUEUE_SINCE = `
  review_since = least(
    case when status = 'validated' then status_since end,
    (select min(r.status_since) from project_reports r where r.project_id = projects.project_id and r.status = 'verified')
  ),
  verification_since = least(
    case when status = 'under_validation' then status_since end,
    (select min(r.status_since) from project_reports r where r.project_id = projects.project_id and r.status = 'awaiting_verification')
  )`;

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of ['projects_review_waiting', 'projects_verification_waiting', 'projects_by_verifier_page', 'project_reports_by_project_status'])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('project_reports').dropColumn('status_since').execute();
  for (const column of ['status_since', 'review_since', 'verification_since']) await db.schema.alterTable('projects').dropColumn(column).execute();
}
