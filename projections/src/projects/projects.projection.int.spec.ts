import { randomUUID } from 'node:crypto';
import {
  type AuthEvent,
  BUFFER_POOL_ACCOUNT_ID,
  type CitedDocument,
  type CreditEvent,
  type CreditsIssued,
  creditMarketStreamId,
  type OriginRegistryEvent,
  originRegistryStreamId,
  type ProjectEvent,
  projectStreamId,
  START,
  type VerifierEvent,
  verifierStreamId,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
// Other capabilities' projections come through the package's index, as the service takes them.
import { creditRegistryProjection, usersProjection } from '../index.js';
import { storableEvent } from '../runtime/storable-event.js';
import { useProjectionTestBed } from '../test-support/projection-test-bed.js';
import { draftedProject, issuedBatch } from '../test-support/registry-events.js';
import { projectsProjection } from './projects.projection.js';

const PROPONENT = randomUUID();
const VERIFIER = randomUUID();
const REGISTRY = randomUUID();
const MARKET = creditMarketStreamId('Forestry', 2025);
const at = (minute: number): string => new Date(Date.UTC(2026, 11, 1, 9, minute)).toISOString();
const pdd: CitedDocument = { sha256: 'a'.repeat(64), kind: 'project_design_document', name: 'PDD.pdf', size: 1234, mediaType: 'application/pdf' };
const statement: CitedDocument = { sha256: 'b'.repeat(64), kind: 'verification_statement', name: 'Statement.pdf', size: 99, mediaType: 'application/pdf' };
const batchId = (): string => `FORESTRY-2025-${randomUUID().slice(0, 8).toUpperCase()}`;

const drafted = (projectId: string): ProjectEvent =>
  draftedProject(projectId, PROPONENT, { description: 'Native species on degraded pasture', documents: [pdd], draftedAt: at(0) });

/** Drafted, validated by VERIFIER and registered. */
const registered = (projectId: string): ProjectEvent[] => [
  drafted(projectId),
  {
    type: 'ValidationRequested',
    data: { projectId, verifierId: VERIFIER, verifierName: 'Vera Fier', verifierOrganisation: 'Audit Co', requestedBy: PROPONENT, requestedAt: at(1) },
  },
  { type: 'ProjectValidated', data: { projectId, verifierId: VERIFIER, comment: 'Meets VM0047', documents: [statement], validatedAt: at(2) } },
  { type: 'ProjectRegistered', data: { projectId, registeredBy: REGISTRY, registeredAt: at(3) } },
];

const filed = (projectId: string, reportId: string, filedAt = at(4)): ProjectEvent => ({
  type: 'MonitoringReportFiled',
  data: {
    projectId,
    reportId,
    period: { start: '2025-01-01', end: '2025-12-31' },
    claimed: [{ vintage: 2025, quantity: 1000 }],
    mitigation: 'removal',
    documents: [{ ...pdd, sha256: 'c'.repeat(64), kind: 'monitoring_report', name: 'MR-2025.pdf' }],
    filedBy: PROPONENT,
    filedAt,
  },
});

const verified = (projectId: string, reportId: string, verifiedAt = at(5)): ProjectEvent => ({
  type: 'MonitoringReportVerified',
  data: {
    projectId,
    reportId,
    verifierId: VERIFIER,
    verified: [{ vintage: 2025, quantity: 900 }],
    reasons: 'Leakage deduction',
    documents: [statement],
    verifiedAt,
  },
});

const approved = (projectId: string, reportId: string, batch: string, buffer: string): ProjectEvent => ({
  type: 'IssuanceApproved',
  data: {
    projectId,
    reportId,
    approvedBy: REGISTRY,
    accountId: PROPONENT,
    bufferSharePercent: 20,
    batches: [{ vintage: 2025, batchId: batch, quantity: 720, bufferBatchId: buffer, bufferQuantity: 180 }],
    approvedAt: at(6),
  },
});

const issued = (projectId: string, batch: string, quantity: number, extra: Partial<CreditsIssued['data']>): CreditEvent =>
  issuedBatch(batch, quantity, PROPONENT, { projectId, description: 'Native species on degraded pasture', issuedBy: REGISTRY, ...extra, issuedAt: at(7) });

describe('projects projection on PostgreSQL', () => {
  const bed = useProjectionTestBed([projectsProjection, usersProjection, creditRegistryProjection]);
  const db = () => bed.db;
  const append = (streamId: string, events: readonly (ProjectEvent | CreditEvent | VerifierEvent | OriginRegistryEvent | AuthEvent)[]) =>
    bed.append(streamId, events);

  const project = (projectId: string) => db().selectFrom('projects').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
  const report = (reportId: string) => db().selectFrom('project_reports').selectAll().where('report_id', '=', reportId).executeTakeFirstOrThrow();
  const issuances = (reportId: string) =>
    db()
      .selectFrom('project_issuances')
      .select(['batch_id', 'vintage', 'quantity', 'buffer_batch_id', 'buffer_quantity', 'issued', 'buffer_issued'])
      .where('report_id', '=', reportId)
      .execute();

  it('follows a project from its draft to its registration, citing documents on the way', async () => {
    const projectId = `proj-${randomUUID()}`;
    const [draft, request, validation, registration] = registered(projectId) as [ProjectEvent, ProjectEvent, ProjectEvent, ProjectEvent];
    await append(projectStreamId(projectId), [draft]);
    expect(await project(projectId)).toMatchObject({
      status: 'draft',
      proponent_id: PROPONENT,
      proponent_organisation: 'Green Canopy Ltd',
      name: 'Canopy Restoration',
      project_type: 'Forestry',
      host_country: 'BR',
      crediting_period_start: '2024-01-01',
      crediting_period_end: '2053-12-31',
      expected_annual_quantity: 5000,
      verifier_id: null,
      registered_at: null,
    });
    await append(projectStreamId(projectId), [request]);
    expect(await project(projectId)).toMatchObject({
      status: 'under_validation',
      verifier_id: VERIFIER,
      verifier_name: 'Vera Fier',
      verifier_organisation: 'Audit Co',
    });
    await append(projectStreamId(projectId), [validation]);
    expect((await project(projectId)).status).toBe('validated');
    const position = await append(projectStreamId(projectId), [registration]);
    const row = await project(projectId);
    expect(row).toMatchObject({ status: 'registered', reasons: null, commit_position: position.commit.toString() });
    expect(row.registered_at?.toISOString()).toBe(at(3));

    const documents = await db()
      .selectFrom('project_documents')
      .select(['sha256', 'report_id', 'kind', 'cited_by', 'cited_at'])
      .where('project_id', '=', projectId)
      .orderBy('cited_at')
      .execute();
    expect(documents).toEqual([
      { sha256: pdd.sha256, report_id: null, kind: 'project_design_document', cited_by: 'ProjectDrafted', cited_at: new Date(at(0)) },
      { sha256: statement.sha256, report_id: null, kind: 'verification_statement', cited_by: 'ProjectValidated', cited_at: new Date(at(2)) },
    ]);
  });

  it('keeps the reasons of a rejection, a refusal and a deactivation', async () => {
    const projectId = `proj-${randomUUID()}`;
    const [draft, request] = registered(projectId) as [ProjectEvent, ProjectEvent];
    await append(projectStreamId(projectId), [
      draft,
      request,
      { type: 'ValidationRejected', data: { projectId, verifierId: VERIFIER, reasons: 'No baseline', documents: [], rejectedAt: at(2) } },
    ]);
    expect(await project(projectId)).toMatchObject({ status: 'rejected', reasons: 'No baseline' });
    await append(projectStreamId(projectId), [
      request,
      { type: 'ProjectValidated', data: { projectId, verifierId: VERIFIER, comment: '', documents: [], validatedAt: at(3) } },
      { type: 'RegistrationRefused', data: { projectId, refusedBy: REGISTRY, reasons: 'Double counting', refusedAt: at(4) } },
    ]);
    expect(await project(projectId)).toMatchObject({ status: 'rejected', reasons: 'Double counting' });
    await append(projectStreamId(projectId), [
      { type: 'ProjectRegistered', data: { projectId, registeredBy: REGISTRY, registeredAt: at(5) } },
      { type: 'ProjectDeactivated', data: { projectId, deactivatedBy: REGISTRY, reasons: 'Land sold', deactivatedAt: at(6) } },
    ]);
    expect(await project(projectId)).toMatchObject({ status: 'inactive', reasons: 'Land sold' });
  });

  it('moves a monitoring report through verification, rejection, return and approval', async () => {
    const projectId = `proj-${randomUUID()}`;
    const reportId = randomUUID();
    const rejectedId = randomUUID();
    await append(projectStreamId(projectId), [...registered(projectId), filed(projectId, rejectedId)]);
    await append(projectStreamId(projectId), [
      { type: 'MonitoringReportRejected', data: { projectId, reportId: rejectedId, verifierId: VERIFIER, reasons: 'Plots not sampled', rejectedAt: at(5) } },
    ]);
    expect(await report(rejectedId)).toMatchObject({ status: 'rejected', reasons: 'Plots not sampled', verified: null });

    await append(projectStreamId(projectId), [{ ...filed(projectId, reportId) }]);
    const fresh = await report(reportId);
    expect(fresh).toMatchObject({
      project_id: projectId,
      status: 'awaiting_verification',
      period_start: '2025-01-01',
      period_end: '2025-12-31',
      claimed: [{ vintage: 2025, quantity: 1000 }],
      verified: null,
      reasons: null,
      verified_at: null,
      approved_at: null,
    });
    expect(fresh.filed_at.toISOString()).toBe(at(4));

    await append(projectStreamId(projectId), [verified(projectId, reportId)]);
    expect(await report(reportId)).toMatchObject({ status: 'verified', verified: [{ vintage: 2025, quantity: 900 }], reasons: 'Leakage deduction' });
    await append(projectStreamId(projectId), [
      { type: 'IssuanceReturned', data: { projectId, reportId, returnedBy: REGISTRY, reasons: 'Check the leakage belt', returnedAt: at(6) } },
    ]);
    expect(await report(reportId)).toMatchObject({ status: 'awaiting_verification', reasons: 'Check the leakage belt' });
    await append(projectStreamId(projectId), [verified(projectId, reportId)]);

    const batch = batchId();
    const buffer = batchId();
    await append(projectStreamId(projectId), [approved(projectId, reportId, batch, buffer)]);
    const approvedRow = await report(reportId);
    expect(approvedRow.status).toBe('approved');
    expect(approvedRow.approved_at?.toISOString()).toBe(at(6));
    expect(await issuances(reportId)).toEqual([
      { batch_id: batch, vintage: 2025, quantity: 720, buffer_batch_id: buffer, buffer_quantity: 180, issued: false, buffer_issued: false },
    ]);

    const reportDocuments = await db()
      .selectFrom('project_documents')
      .select(['cited_by', 'report_id'])
      .where('report_id', '=', reportId)
      .orderBy('commit_position')
      .execute();
    expect(reportDocuments).toEqual([
      { cited_by: 'MonitoringReportFiled', report_id: reportId },
      { cited_by: 'MonitoringReportVerified', report_id: reportId },
      { cited_by: 'MonitoringReportVerified', report_id: reportId },
    ]);
  });

  it('keeps since when a project waits for its verifier and for the registry, the earliest of what waits', async () => {
    const projectId = `proj-${randomUUID()}`;
    const [draft, request, validation, registration] = registered(projectId) as [ProjectEvent, ProjectEvent, ProjectEvent, ProjectEvent];
    const queues = async () => {
      const row = await project(projectId);
      return { review: row.review_since?.toISOString() ?? null, verification: row.verification_since?.toISOString() ?? null };
    };
    await append(projectStreamId(projectId), [draft]);
    expect(await queues()).toEqual({ review: null, verification: null });
    await append(projectStreamId(projectId), [request]);
    expect(await queues()).toEqual({ review: null, verification: at(1) });
    await append(projectStreamId(projectId), [validation]);
    expect(await queues()).toEqual({ review: at(2), verification: null });
    await append(projectStreamId(projectId), [registration]);
    expect(await queues()).toEqual({ review: null, verification: null });

    // Two reports: the project waits since the earlier one waits, and then since the other.
    const first = randomUUID();
    const second = randomUUID();
    await append(projectStreamId(projectId), [filed(projectId, first), filed(projectId, second, at(5))]);
    expect(await queues()).toEqual({ review: null, verification: at(4) });
    await append(projectStreamId(projectId), [verified(projectId, first)]);
    expect(await queues()).toEqual({ review: at(5), verification: at(5) });
    await append(projectStreamId(projectId), [
      { type: 'IssuanceReturned', data: { projectId, reportId: first, returnedBy: REGISTRY, reasons: 'Check the leakage belt', returnedAt: at(8) } },
    ]);
    // Returned, the first report waits again for the verifier, since it was returned.
    expect(await queues()).toEqual({ review: null, verification: at(5) });
    await append(projectStreamId(projectId), [
      { type: 'MonitoringReportRejected', data: { projectId, reportId: second, verifierId: VERIFIER, reasons: 'Plots not sampled', rejectedAt: at(9) } },
    ]);
    expect(await queues()).toEqual({ review: null, verification: at(8) });
    await append(projectStreamId(projectId), [verified(projectId, first, at(10))]);
    expect(await queues()).toEqual({ review: at(10), verification: null });
    await append(projectStreamId(projectId), [approved(projectId, first, batchId(), batchId())]);
    expect(await queues()).toEqual({ review: null, verification: null });
  });

  it('marks an issuance issued when its CreditsIssued comes after the approval', async () => {
    const projectId = `proj-${randomUUID()}`;
    const reportId = randomUUID();
    const batch = batchId();
    const buffer = batchId();
    await append(projectStreamId(projectId), [
      ...registered(projectId),
      filed(projectId, reportId),
      verified(projectId, reportId),
      approved(projectId, reportId, batch, buffer),
    ]);
    await append(MARKET, [issued(projectId, batch, 720, { reportId })]);
    expect(await issuances(reportId)).toMatchObject([{ issued: true, buffer_issued: false }]);
    await append(MARKET, [issued(projectId, buffer, 180, { reportId, bufferFor: batch, accountId: BUFFER_POOL_ACCOUNT_ID })]);
    expect(await issuances(reportId)).toMatchObject([{ issued: true, buffer_issued: true }]);

    const batches = await db()
      .selectFrom('credit_batches')
      .select(['token_id', 'report_id', 'buffer_for', 'origin_registry'])
      .where('token_id', 'in', [batch, buffer])
      .orderBy('quantity', 'desc')
      .execute();
    expect(batches).toEqual([
      { token_id: batch, report_id: reportId, buffer_for: null, origin_registry: null },
      { token_id: buffer, report_id: reportId, buffer_for: batch, origin_registry: null },
    ]);
  });

  it('marks an issuance issued when its CreditsIssued came before the approval', async () => {
    const projectId = `proj-${randomUUID()}`;
    const reportId = randomUUID();
    const batch = batchId();
    const buffer = batchId();
    await append(projectStreamId(projectId), [...registered(projectId), filed(projectId, reportId), verified(projectId, reportId)]);
    await append(MARKET, [issued(projectId, batch, 720, { reportId }), issued(projectId, buffer, 180, { reportId, bufferFor: batch })]);
    await append(projectStreamId(projectId), [approved(projectId, reportId, batch, buffer)]);
    expect(await issuances(reportId)).toMatchObject([{ batch_id: batch, issued: true, buffer_issued: true }]);
  });

  it('records accreditations (the last replaces the others), imports and organisations', async () => {
    await append(`user-${VERIFIER}`, [
      {
        type: 'UserRegistered',
        data: { userId: VERIFIER, email: `${VERIFIER}@example.test`, name: 'Vera Fier', organisation: 'Audit Co', registeredAt: at(0) },
      },
    ]);
    await append(`user-${PROPONENT}`, [
      { type: 'UserRegistered', data: { userId: PROPONENT, email: `${PROPONENT}@example.test`, name: 'Pro Ponent', registeredAt: at(0) } },
    ]);
    const users = await db().selectFrom('users').select(['user_id', 'organisation']).where('user_id', 'in', [VERIFIER, PROPONENT]).execute();
    expect(Object.fromEntries(users.map((user) => [user.user_id, user.organisation]))).toEqual({ [VERIFIER]: 'Audit Co', [PROPONENT]: null });

    await append(verifierStreamId(VERIFIER), [
      { type: 'VerifierAccredited', data: { verifierId: VERIFIER, projectTypes: ['Forestry'], accreditedBy: REGISTRY, accreditedAt: at(1) } },
      {
        type: 'VerifierAccredited',
        data: { verifierId: VERIFIER, projectTypes: ['Reforestation', 'Solar Energy'], accreditedBy: REGISTRY, accreditedAt: at(2) },
      },
    ]);
    const accreditation = await db().selectFrom('verifier_accreditations').selectAll().where('verifier_id', '=', VERIFIER).executeTakeFirstOrThrow();
    expect(accreditation.project_types).toEqual(['Reforestation', 'Solar Energy']);
    expect(accreditation.accredited_at.toISOString()).toBe(at(2));

    const importId = randomUUID();
    const batch = batchId();
    const projectId = `proj-${randomUUID()}`;
    const origin = { registry: 'Verra', start: 999_999_000_001, end: 999_999_000_500 };
    await append(originRegistryStreamId('Verra'), [
      {
        type: 'CreditsImportRecorded',
        data: {
          importId,
          originRegistry: 'Verra',
          originStart: origin.start,
          originEnd: origin.end,
          projectId,
          vintage: 2025,
          quantity: 500,
          batchId: batch,
          accountId: PROPONENT,
          recordedBy: REGISTRY,
          recordedAt: at(3),
        },
      },
    ]);
    await append(MARKET, [issued(projectId, batch, 500, { origin })]);
    expect(
      await db()
        .selectFrom('origin_imports')
        .select(['origin_registry', 'origin_start', 'origin_end', 'batch_id', 'quantity'])
        .where('import_id', '=', importId)
        .execute(),
    ).toEqual([{ origin_registry: 'Verra', origin_start: String(origin.start), origin_end: String(origin.end), batch_id: batch, quantity: 500 }]);
    expect(
      await db().selectFrom('credit_batches').select(['origin_registry', 'origin_start', 'origin_end', 'report_id']).where('token_id', '=', batch).execute(),
    ).toEqual([{ origin_registry: 'Verra', origin_start: String(origin.start), origin_end: String(origin.end), report_id: null }]);
    // An import's batch is no report's issuance: the projection passes it by.
    expect(await db().selectFrom('project_issued_batches').select('batch_id').where('batch_id', '=', batch).execute()).toEqual([]);
  });

  const tables = projectsProjection.tables;
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const table of tables) {
      const result = await sql<{ row: unknown }>`select to_jsonb(t) as row from ${sql.table(table)} t order by to_jsonb(t)::text`.execute(db());
      out[table] = result.rows.map((row) => row.row);
    }
    return out;
  }

  it('changes nothing when the whole log is applied again, and equals a rebuild', async () => {
    const live = await snapshot();
    expect(live.project_issuances!.length).toBeGreaterThan(0);
    const log = (await bed.store.readAll({ after: START, limit: 10_000 })).map(storableEvent);
    await db()
      .transaction()
      .execute(async (trx) => {
        await projectsProjection.applyBatch(log, trx);
      });
    expect(await snapshot()).toEqual(live);
    await bed.rebuild(3);
    expect(await snapshot()).toEqual(live);
  });
});
