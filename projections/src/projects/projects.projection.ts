import {
  type BatchClaimsEvent,
  batchClaimsEventTypes,
  isBatchClaimsEvent,
  type CitedDocument,
  type CreditsIssued,
  isCreditEvent,
  isOriginRegistryEvent,
  isProjectEvent,
  isVerifierEvent,
  type OriginRegistryEvent,
  originRegistryEventTypes,
  type ProjectEvent,
  projectEventTypes,
  type RecordedEvent,
  type VerifierEvent,
  verifierEventTypes,
} from '@carbon-ledger/contracts';
import { type Insertable, sql } from 'kysely';
import type { BatchClaimsTable, ProjectDocumentsTable, ProjectReportsTable, ProjectsTable } from '../read-model-database.js';
import { applyEach, exhaustive, insertOnce, type Projection, type ProjectionWriter, rowPosition } from '../runtime/projection.js';

type ProjectsEvent = ProjectEvent | VerifierEvent | OriginRegistryEvent | BatchClaimsEvent | CreditsIssued;

/** A CreditsIssued of an approved report's batch or of its buffer share: only those flip an issuance's flags. */
function isReportIssuance(recorded: RecordedEvent): recorded is RecordedEvent & CreditsIssued {
  return isCreditEvent(recorded) && recorded.type === 'CreditsIssued' && (recorded.data.reportId !== undefined || recorded.data.bufferFor !== undefined);
}

function isProjectsEvent(recorded: RecordedEvent): recorded is RecordedEvent & ProjectsEvent {
  return isProjectEvent(recorded) || isVerifierEvent(recorded) || isOriginRegistryEvent(recorded) || isBatchClaimsEvent(recorded) || isReportIssuance(recorded);
}

async function cite(
  db: ProjectionWriter,
  recorded: RecordedEvent,
  citation: { projectId: string; reportId: string | null; citedAt: string },
  documents: readonly CitedDocument[],
): Promise<void> {
  if (documents.length === 0) return;
  const rows: Insertable<ProjectDocumentsTable>[] = documents.map((document) => ({
    event_id: recorded.eventId,
    sha256: document.sha256,
    project_id: citation.projectId,
    report_id: citation.reportId,
    kind: document.kind,
    name: document.name,
    size: document.size,
    media_type: document.mediaType,
    cited_by: recorded.type,
    cited_at: citation.citedAt,
    ...rowPosition(recorded),
  }));
  await db
    .insertInto('project_documents')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['event_id', 'sha256']).doNothing())
    .execute();
}

/**
 * Moves a project row on, only when the event comes after the last one applied to it: a replay
 * over rows already there leaves them as they are.
 */
async function updateProject(
  db: ProjectionWriter,
  recorded: RecordedEvent,
  projectId: string,
  set: Pick<Insertable<ProjectsTable>, 'status' | 'status_since'> &
    Partial<Pick<Insertable<ProjectsTable>, 'reasons' | 'verifier_id' | 'verifier_name' | 'verifier_organisation' | 'registered_at'>>,
): Promise<void> {
  const position = rowPosition(recorded);
  await db
    .updateTable('projects')
    .set({ ...set, ...position })
    .where('project_id', '=', projectId)
    .where(sql<boolean>`(commit_position, prepare_position) < (${position.commit_position}::bigint, ${position.prepare_position}::bigint)`)
    .execute();
  await refreshQueues(db, projectId);
}

/** A report moved to `status` at `since`: set, never added, so applied again in log order it ends where it did. */
async function updateReport(
  db: ProjectionWriter,
  projectId: string,
  reportId: string,
  set: Pick<Insertable<ProjectReportsTable>, 'status' | 'status_since'> &
    Partial<Pick<Insertable<ProjectReportsTable>, 'verified' | 'reasons' | 'verified_at' | 'approved_at'>>,
): Promise<void> {
  await db.updateTable('project_reports').set(set).where('report_id', '=', reportId).execute();
  await refreshQueues(db, projectId);
}

/**
 * Since when the project waits for the registry (validated, or a report verified) and for its
 * verifier (under validation, or a report awaiting verification): the earliest of what waits, null
 * when nothing does. Derived from the rows as they stand, so a replay sets what it set before.
 */
async function refreshQueues(db: ProjectionWriter, projectId: string): Promise<void> {
  const earliest = (status: ProjectReportsTable['status']) =>
    sql`(select min(r.status_since) from project_reports r where r.project_id = projects.project_id and r.status = ${status})`;
  await db
    .updateTable('projects')
    .set({
      review_since: sql`least(case when status = 'validated' then status_since end, ${earliest('verified')})`,
      verification_since: sql`least(case when status = 'under_validation' then status_since end, ${earliest('awaiting_verification')})`,
    })
    .where('project_id', '=', projectId)
    .execute();
}

/** Marks the batches of a report (or one batch) issued when their CreditsIssued was seen, in either order. */
async function markIssued(db: ProjectionWriter, where: { reportId: string } | { batchId: string }): Promise<void> {
  const seen = db.selectFrom('project_issued_batches').select('batch_id');
  if ('reportId' in where) {
    await db.updateTable('project_issuances').set({ issued: true }).where('report_id', '=', where.reportId).where('batch_id', 'in', seen).execute();
    await db
      .updateTable('project_issuances')
      .set({ buffer_issued: true })
      .where('report_id', '=', where.reportId)
      .where('buffer_batch_id', 'in', seen)
      .execute();
    return;
  }
  await db.updateTable('project_issuances').set({ issued: true }).where('batch_id', '=', where.batchId).execute();
  await db.updateTable('project_issuances').set({ buffer_issued: true }).where('buffer_batch_id', '=', where.batchId).execute();
}

/** A batch's claims row moved on only by an event after the last one applied to it, so a replay leaves it as it is. */
async function upsertClaims(
  db: ProjectionWriter,
  recorded: RecordedEvent,
  batchId: string,
  projectId: string,
  set: Partial<
    Pick<Insertable<BatchClaimsTable>, 'host_country' | 'authorized' | 'authorized_use' | 'authorized_on' | 'letter' | 'adjustment' | 'reporting_period'>
  >,
): Promise<void> {
  const position = rowPosition(recorded);
  await db
    .insertInto('batch_claims')
    .values({ token_id: batchId, project_id: projectId, ...set, ...position })
    .onConflict((conflict) =>
      conflict
        .column('token_id')
        .doUpdateSet({ ...set, ...position })
        .where(
          sql<boolean>`(batch_claims.commit_position, batch_claims.prepare_position) < (${position.commit_position}::bigint, ${position.prepare_position}::bigint)`,
        ),
    )
    .execute();
}

async function apply(recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
  if (!isProjectsEvent(recorded)) return false;
  const event = recorded;
  switch (event.type) {
    case 'ProjectDrafted': {
      const { data } = event;
      await insertOnce(db, 'projects', 'project_id', {
        project_id: data.projectId,
        proponent_id: data.proponentId,
        proponent_organisation: data.proponentOrganisation,
        name: data.name,
        project_type: data.projectType,
        mitigation: data.mitigation,
        host_country: data.hostCountry,
        standard: data.standard,
        methodology: data.methodology,
        location: data.location,
        crediting_period_start: data.creditingPeriod.start,
        crediting_period_end: data.creditingPeriod.end,
        expected_annual_quantity: data.expectedAnnualQuantity,
        description: data.description,
        drafted_at: data.draftedAt,
        status: 'draft',
        status_since: data.draftedAt,
        reasons: null,
        verifier_id: null,
        verifier_name: null,
        verifier_organisation: null,
        registered_at: null,
        ...rowPosition(recorded),
      });
      await cite(db, recorded, { projectId: data.projectId, reportId: null, citedAt: data.draftedAt }, data.documents);
      return true;
    }
    case 'ValidationRequested':
      await updateProject(db, recorded, event.data.projectId, {
        status: 'under_validation',
        status_since: event.data.requestedAt,
        verifier_id: event.data.verifierId,
        verifier_name: event.data.verifierName,
        verifier_organisation: event.data.verifierOrganisation,
      });
      return true;
    case 'ProjectValidated':
      await updateProject(db, recorded, event.data.projectId, { status: 'validated', status_since: event.data.validatedAt });
      await cite(db, recorded, { projectId: event.data.projectId, reportId: null, citedAt: event.data.validatedAt }, event.data.documents);
      return true;
    case 'ValidationRejected':
      await updateProject(db, recorded, event.data.projectId, { status: 'rejected', status_since: event.data.rejectedAt, reasons: event.data.reasons });
      await cite(db, recorded, { projectId: event.data.projectId, reportId: null, citedAt: event.data.rejectedAt }, event.data.documents);
      return true;
    case 'ProjectRegistered':
      await updateProject(db, recorded, event.data.projectId, {
        status: 'registered',
        status_since: event.data.registeredAt,
        registered_at: event.data.registeredAt,
      });
      return true;
    case 'RegistrationRefused':
      await updateProject(db, recorded, event.data.projectId, { status: 'rejected', status_since: event.data.refusedAt, reasons: event.data.reasons });
      return true;
    case 'ProjectDeactivated':
      await updateProject(db, recorded, event.data.projectId, { status: 'inactive', status_since: event.data.deactivatedAt, reasons: event.data.reasons });
      return true;
    case 'MonitoringReportFiled': {
      const { data } = event;
      await insertOnce(db, 'project_reports', 'report_id', {
        report_id: data.reportId,
        project_id: data.projectId,
        period_start: data.period.start,
        period_end: data.period.end,
        mitigation: data.mitigation,
        claimed: JSON.stringify(data.claimed),
        verified: null,
        status: 'awaiting_verification',
        reasons: null,
        filed_by: data.filedBy,
        filed_at: data.filedAt,
        verified_at: null,
        approved_at: null,
        status_since: data.filedAt,
      });
      await cite(db, recorded, { projectId: data.projectId, reportId: data.reportId, citedAt: data.filedAt }, data.documents);
      await refreshQueues(db, data.projectId);
      return true;
    }
    case 'MonitoringReportVerified': {
      const { data } = event;
      await updateReport(db, data.projectId, data.reportId, {
        status: 'verified',
        status_since: data.verifiedAt,
        verified: JSON.stringify(data.verified),
        reasons: data.reasons === '' ? null : data.reasons,
        verified_at: data.verifiedAt,
      });
      await cite(db, recorded, { projectId: data.projectId, reportId: data.reportId, citedAt: data.verifiedAt }, data.documents);
      return true;
    }
    case 'MonitoringReportRejected':
      await updateReport(db, event.data.projectId, event.data.reportId, {
        status: 'rejected',
        status_since: event.data.rejectedAt,
        reasons: event.data.reasons,
      });
      return true;
    case 'IssuanceApproved': {
      const { data } = event;
      await updateReport(db, data.projectId, data.reportId, { status: 'approved', status_since: data.approvedAt, approved_at: data.approvedAt });
      await insertOnce(
        db,
        'project_issuances',
        'batch_id',
        data.batches.map((batch) => ({
          batch_id: batch.batchId,
          project_id: data.projectId,
          report_id: data.reportId,
          vintage: batch.vintage,
          quantity: batch.quantity,
          buffer_batch_id: batch.bufferBatchId,
          buffer_quantity: batch.bufferQuantity,
        })),
      );
      // The market streams are not this stream: their CreditsIssued may already be in.
      await markIssued(db, { reportId: data.reportId });
      return true;
    }
    case 'IssuanceReturned':
      await updateReport(db, event.data.projectId, event.data.reportId, {
        status: 'awaiting_verification',
        status_since: event.data.returnedAt,
        reasons: event.data.reasons,
      });
      return true;
    case 'VerifierAccredited': {
      const { data } = event;
      // Each accreditation replaces what the verifier was accredited for.
      await db
        .insertInto('verifier_accreditations')
        .values({ verifier_id: data.verifierId, project_types: data.projectTypes, accredited_by: data.accreditedBy, accredited_at: data.accreditedAt })
        .onConflict((conflict) =>
          conflict.column('verifier_id').doUpdateSet({ project_types: data.projectTypes, accredited_by: data.accreditedBy, accredited_at: data.accreditedAt }),
        )
        .execute();
      return true;
    }
    case 'CreditsImportRecorded': {
      const { data } = event;
      await insertOnce(db, 'origin_imports', 'import_id', {
        import_id: data.importId,
        origin_registry: data.originRegistry,
        origin_start: data.originStart,
        origin_end: data.originEnd,
        project_id: data.projectId,
        vintage: data.vintage,
        quantity: data.quantity,
        batch_id: data.batchId,
        account_id: data.accountId,
        recorded_by: data.recordedBy,
        recorded_at: data.recordedAt,
        ...rowPosition(recorded),
      });
      return true;
    }
    case 'BatchAuthorizationRecorded': {
      const { data } = event;
      const set = {
        host_country: data.hostCountry,
        authorized: data.authorized,
        authorized_use: data.use,
        authorized_on: data.authorizedOn,
        letter: data.letter ? JSON.stringify(data.letter) : null,
      };
      await upsertClaims(db, recorded, data.batchId, data.projectId, set);
      if (data.letter) await cite(db, recorded, { projectId: data.projectId, reportId: null, citedAt: data.recordedAt }, [data.letter]);
      return true;
    }
    case 'CorrespondingAdjustmentRecorded':
      await upsertClaims(db, recorded, event.data.batchId, event.data.projectId, {
        adjustment: event.data.status,
        reporting_period: event.data.reportingPeriod,
      });
      return true;
    // A serial's provenance reads it from the batch's claims stream; no list shows it.
    case 'AuthorizedUnitsFirstTransferred':
      return false;
    case 'ReversalRecorded': {
      const { data } = event;
      await insertOnce(db, 'project_reversals', 'reversal_id', {
        reversal_id: data.reversalId,
        project_id: data.projectId,
        quantity: data.quantity,
        cause: data.cause,
        recorded_by: data.recordedBy,
        recorded_at: data.recordedAt,
        covered: null,
        shortfall: null,
        covered_at: null,
        ...rowPosition(recorded),
      });
      await cite(db, recorded, { projectId: data.projectId, reportId: null, citedAt: data.recordedAt }, data.documents);
      return true;
    }
    case 'ReversalCovered':
      await db
        .updateTable('project_reversals')
        .set({ covered: event.data.covered, shortfall: event.data.shortfall, covered_at: event.data.coveredAt })
        .where('reversal_id', '=', event.data.reversalId)
        .execute();
      return true;
    case 'CreditsIssued':
      await insertOnce(db, 'project_issued_batches', 'batch_id', { batch_id: event.data.batchId });
      await markIssued(db, { batchId: event.data.batchId });
      return true;
    default:
      return exhaustive(event);
  }
}

/**
 * The registry lifecycle: projects, their monitoring reports, the issuances approved from them
 * (and whether the market holds their batches yet), the documents they cite, verifiers'
 * accreditations, credits imported from other registries and batches' Article 6 claims.
 */
export const projectsProjection: Projection = {
  name: 'projects',
  eventTypes: new Set([...projectEventTypes, ...verifierEventTypes, ...originRegistryEventTypes, ...batchClaimsEventTypes, 'CreditsIssued']),
  /** Market batches that no report issued pass by without a transaction. */
  handles: (recorded) => recorded.type !== 'CreditsIssued' || isReportIssuance(recorded),
  views: [],
  tables: [
    'projects',
    'project_reports',
    'project_issuances',
    'project_issued_batches',
    'project_documents',
    'verifier_accreditations',
    'origin_imports',
    'batch_claims',
    'project_reversals',
  ],
  applyBatch: applyEach(apply),
};
