import type {
  CreditProjectType,
  IssuanceBatchView,
  MitigationKind,
  MonitoringReportView,
  ProjectDocumentView,
  ProjectStatus,
  ProjectView,
  RegistryParty,
  ReportStatus,
} from '@carbon-ledger/contracts';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';

type Tables = ReadModels extends Kysely<infer T> ? T : never;
export type ProjectRow = Selectable<Tables['projects']>;
type ReportRow = Selectable<Tables['project_reports']>;
type IssuanceRow = Selectable<Tables['project_issuances']>;
type DocumentRow = Selectable<Tables['project_documents']>;
type UserRow = { user_id: string; name: string; organisation: string | null };

/**
 * Who reads: those who work on projects (signed in) see the user ids of the parties; the public
 * registry sees names and organisations only.
 */
export type Audience = 'signed-in' | 'public';

/** The projects the query selects, in its order. */
export type ProjectsSelection = SelectQueryBuilder<Tables, 'projects', ProjectRow>;

export function selectProjects(db: ReadModels): ProjectsSelection {
  return db.selectFrom('projects').selectAll();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The users among `ids`; users.user_id is a uuid, so an id that is none would fail the comparison. */
async function selectUsers(db: ReadModels, ids: readonly string[]): Promise<UserRow[]> {
  const userIds = ids.filter((id) => UUID.test(id));
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['user_id', 'name', 'organisation']).where('user_id', 'in', userIds).execute();
}

function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function toBatchView(row: IssuanceRow): IssuanceBatchView {
  return {
    vintage: row.vintage,
    batchId: row.batch_id,
    quantity: row.quantity,
    bufferBatchId: row.buffer_batch_id,
    bufferQuantity: row.buffer_quantity,
    // The vintage is issued once both its batches are in the registry.
    issued: row.issued && (row.buffer_batch_id === null || row.buffer_issued),
  };
}

function toReportView(row: ReportRow, issuances: readonly IssuanceRow[]): MonitoringReportView {
  return {
    reportId: row.report_id,
    projectId: row.project_id,
    period: { start: row.period_start, end: row.period_end },
    mitigation: row.mitigation as MitigationKind,
    claimed: row.claimed,
    verified: row.verified,
    status: row.status satisfies ReportStatus,
    reasons: row.reasons,
    filedAt: row.filed_at.toISOString(),
    verifiedAt: row.verified_at?.toISOString() ?? null,
    approvedAt: row.approved_at?.toISOString() ?? null,
    batches: issuances.map(toBatchView),
  };
}

function toDocumentView(row: DocumentRow): ProjectDocumentView {
  return {
    sha256: row.sha256,
    kind: row.kind as ProjectDocumentView['kind'],
    name: row.name,
    size: row.size,
    mediaType: row.media_type as ProjectDocumentView['mediaType'],
    citedBy: row.cited_by,
    reportId: row.report_id,
    citedAt: row.cited_at.toISOString(),
  };
}

/** What the public is told of a party without an organisation: a person's name is personal data. */
export const UNDISCLOSED_PARTY = 'Individual (name not published)';

function party(audience: Audience, id: string, user: UserRow | undefined, recorded: { name?: string | null; organisation: string | null }): RegistryParty {
  // What the event recorded first (as it stood then), the users read model after.
  const organisation = recorded.organisation ?? user?.organisation ?? null;
  const name = recorded.name || user?.name || '';
  if (audience === 'public') return { id: null, name: organisation ?? UNDISCLOSED_PARTY, organisation };
  return { id, name, organisation };
}

/** Issued credits of a project: the batches whose CreditsIssued is in, buffer shares included. */
function issuedTotals(issuances: readonly IssuanceRow[]): { issuedQuantity: number; bufferQuantity: number } {
  let issuedQuantity = 0;
  let bufferQuantity = 0;
  for (const row of issuances) {
    if (row.issued) issuedQuantity += row.quantity;
    if (row.buffer_issued) {
      issuedQuantity += row.buffer_quantity;
      bufferQuantity += row.buffer_quantity;
    }
  }
  return { issuedQuantity, bufferQuantity };
}

/** Each project with its reports, issuances, cited documents and parties, in the order of `rows`. */
export async function toProjectViews(db: ReadModels, rows: readonly ProjectRow[], audience: Audience): Promise<ProjectView[]> {
  if (rows.length === 0) return [];
  const projectIds = rows.map((row) => row.project_id);
  const userIds = [...new Set(rows.flatMap((row) => (row.verifier_id === null ? [row.proponent_id] : [row.proponent_id, row.verifier_id])))];
  const [reports, issuances, documents, users, reversals] = await Promise.all([
    db.selectFrom('project_reports').selectAll().where('project_id', 'in', projectIds).orderBy('filed_at').orderBy('report_id').execute(),
    db.selectFrom('project_issuances').selectAll().where('project_id', 'in', projectIds).orderBy('vintage').orderBy('batch_id').execute(),
    db
      .selectFrom('project_documents')
      .selectAll()
      .where('project_id', 'in', projectIds)
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .orderBy('sha256')
      .execute(),
    selectUsers(db, userIds),
    db.selectFrom('project_reversals').selectAll().where('project_id', 'in', projectIds).orderBy('recorded_at').orderBy('reversal_id').execute(),
  ]);
  const reversalsOf = groupBy(reversals, (row) => row.project_id);
  const reportsOf = groupBy(reports, (row) => row.project_id);
  const issuancesOf = groupBy(issuances, (row) => row.project_id);
  const issuancesOfReport = groupBy(issuances, (row) => row.report_id);
  const documentsOf = groupBy(documents, (row) => row.project_id);
  const userById = new Map(users.map((user) => [user.user_id, user]));
  return rows.map((row): ProjectView => {
    const projectIssuances = issuancesOf.get(row.project_id) ?? [];
    return {
      projectId: row.project_id,
      name: row.name,
      projectType: row.project_type as CreditProjectType,
      mitigation: row.mitigation as MitigationKind,
      hostCountry: row.host_country,
      standard: row.standard,
      methodology: row.methodology,
      location: row.location,
      creditingPeriod: { start: row.crediting_period_start, end: row.crediting_period_end },
      expectedAnnualQuantity: row.expected_annual_quantity,
      description: row.description,
      status: row.status satisfies ProjectStatus,
      reasons: row.reasons,
      proponent: party(audience, row.proponent_id, userById.get(row.proponent_id), { organisation: row.proponent_organisation }),
      verifier:
        row.verifier_id === null
          ? null
          : party(audience, row.verifier_id, userById.get(row.verifier_id), { name: row.verifier_name, organisation: row.verifier_organisation }),
      draftedAt: row.drafted_at.toISOString(),
      registeredAt: row.registered_at?.toISOString() ?? null,
      reports: (reportsOf.get(row.project_id) ?? []).map((report) => toReportView(report, issuancesOfReport.get(report.report_id) ?? [])),
      documents: (documentsOf.get(row.project_id) ?? []).map(toDocumentView),
      ...issuedTotals(projectIssuances),
      reversals: (reversalsOf.get(row.project_id) ?? []).map((reversal) => ({
        reversalId: reversal.reversal_id,
        quantity: reversal.quantity,
        cause: reversal.cause,
        recordedAt: reversal.recorded_at.toISOString(),
        covered: reversal.covered,
        shortfall: reversal.shortfall,
      })),
      reversalShortfall: (reversalsOf.get(row.project_id) ?? []).reduce((sum, reversal) => sum + (reversal.shortfall ?? 0), 0),
    };
  });
}
