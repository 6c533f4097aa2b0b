import { randomUUID } from 'node:crypto';
import {
  BUFFER_POOL_ACCOUNT_ID,
  type CreditEvent,
  type CreditsIssued,
  creditMarketStreamId,
  listMyProjectsParams,
  listProjectsResponse,
  listRegistryBatchesParams,
  listRegistryBatchesResponse,
  listRegistryProjectsParams,
  listRegistryRetirementsParams,
  listRegistryRetirementsResponse,
  listReviewQueueParams,
  listVerificationQueueParams,
  listVerifiersResponse,
  type ProjectEvent,
  projectStreamId,
  projectView,
  registrySerialView,
} from '@carbon-ledger/contracts';
import { creditRegistryProjection, creditRetirementsProjection, LogFollowerRunner, projectsProjection, usersProjection } from '@carbon-ledger/projections';
import { draftedProject, issuedBatch } from '@carbon-ledger/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels, type ReadModels } from './infrastructure/postgres/database.js';
import { runMigrations } from './schema-migrations.js';
import { toEventsToAppend } from './shared/command-context.js';
import {
  ListMyProjectsHandler,
  ListVerifiersHandler,
  PublicBatchesHandler,
  PublicBatchesQuery,
  PublicProjectHandler,
  PublicProjectsHandler,
  PublicProjectsQuery,
  PublicRetirementsHandler,
  PublicRetirementsQuery,
  PublicSerialHandler,
  PublicSerialQuery,
  PublicProjectQuery,
  ListMyProjectsQuery,
  ReviewQueueHandler,
  ReviewQueueQuery,
  VerificationQueueHandler,
  VerificationQueueQuery,
} from './projects/queries/index.js';

const PROPONENT = randomUUID();
const VERIFIER = randomUUID();
const REGISTRY = randomUUID();
const BATCH = 'FORESTRY-2025-0000AAAA';
const BUFFER = 'FORESTRY-2025-0000BBBB';
const MARKET = creditMarketStreamId('Forestry', 2025);
const at = (minute: number): string => new Date(Date.UTC(2026, 11, 1, 9, minute)).toISOString();

const drafted = (projectId: string, name: string, draftedAt: string): ProjectEvent =>
  draftedProject(projectId, PROPONENT, {
    name,
    documents: [{ sha256: 'a'.repeat(64), kind: 'project_design_document', name: 'PDD.pdf', size: 10, mediaType: 'application/pdf' }],
    draftedAt,
  });

const requested = (projectId: string): ProjectEvent => ({
  type: 'ValidationRequested',
  data: { projectId, verifierId: VERIFIER, verifierName: 'Vera Fier', verifierOrganisation: 'Audit Co', requestedBy: PROPONENT, requestedAt: at(1) },
});

const issued = (batchId: string, quantity: number, accountId: string, extra: Partial<CreditsIssued['data']>): CreditEvent =>
  issuedBatch(batchId, quantity, accountId, {
    projectId: 'issued',
    issuedBy: REGISTRY,
    xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    ...extra,
    issuedAt: at(8),
  });

// Beside the service rather than in projects/: it runs the read side's projections by hand (no service, so no
// reaction acts on the events it appends), and a capability's own specs use no other package but contracts.
describe('projects queries over the read models', () => {
  let database: TestDatabase;
  let db: ReadModels;
  let store: PostgresEventStore;
  let runners: LogFollowerRunner[];
  const registered = `proj-${randomUUID()}`;
  const waiting = `proj-${randomUUID()}`;
  const draft = `proj-${randomUUID()}`;
  const validated = `proj-${randomUUID()}`;
  const reportId = randomUUID();

  async function append(streamId: string, events: readonly { type: string; data: unknown }[]): Promise<void> {
    const commandId = randomUUID();
    const { position } = await store.appendToStream(
      streamId,
      toEventsToAppend(events, { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'test', role: 'admin' }, now: new Date() }),
      { expected: 'any' },
    );
    for (const runner of runners) expect(await runner.waitFor(position, 10_000)).toBe(true);
  }

  beforeAll(async () => {
    database = await createTestDatabase('projects-queries');
    const pool = createPool(database.connectionString);
    db = createReadModels(pool);
    await runMigrations(db, { eventStore: true });
    store = new PostgresEventStore(pool, { connectionString: database.connectionString });
    runners = [projectsProjection, usersProjection, creditRegistryProjection, creditRetirementsProjection].map(
      (projection) => new LogFollowerRunner(projection, { db, eventStore: store, connectionConfig: { connectionString: database.connectionString } }),
    );
    for (const runner of runners) runner.start();

    await append(`user-${PROPONENT}`, [
      {
        type: 'UserRegistered',
        data: { userId: PROPONENT, email: 'pro@example.test', name: 'Pro Ponent', organisation: 'Green Canopy Ltd', registeredAt: at(0) },
      },
    ]);
    await append(`user-${VERIFIER}`, [
      { type: 'UserRegistered', data: { userId: VERIFIER, email: 'vera@example.test', name: 'Vera Fier', organisation: 'Audit Co', registeredAt: at(0) } },
      { type: 'RoleGranted', data: { userId: VERIFIER, role: 'verifier', changedAt: at(0) } },
    ]);
    await append(`verifier-${VERIFIER}`, [
      { type: 'VerifierAccredited', data: { verifierId: VERIFIER, projectTypes: ['Forestry'], accreditedBy: REGISTRY, accreditedAt: at(0) } },
    ]);
    await append(projectStreamId(registered), [
      drafted(registered, 'Canopy Restoration', at(0)),
      requested(registered),
      { type: 'ProjectValidated', data: { projectId: registered, verifierId: VERIFIER, comment: '', documents: [], validatedAt: at(2) } },
      { type: 'ProjectRegistered', data: { projectId: registered, registeredBy: REGISTRY, registeredAt: at(3) } },
      {
        type: 'MonitoringReportFiled',
        data: {
          projectId: registered,
          reportId,
          period: { start: '2025-01-01', end: '2025-12-31' },
          claimed: [{ vintage: 2025, quantity: 1000 }],
          mitigation: 'removal',
          documents: [],
          filedBy: PROPONENT,
          filedAt: at(4),
        },
      },
      {
        type: 'MonitoringReportVerified',
        data: {
          projectId: registered,
          reportId,
          verifierId: VERIFIER,
          verified: [{ vintage: 2025, quantity: 1000 }],
          reasons: '',
          documents: [],
          verifiedAt: at(5),
        },
      },
      {
        type: 'IssuanceApproved',
        data: {
          projectId: registered,
          reportId,
          approvedBy: REGISTRY,
          accountId: PROPONENT,
          bufferSharePercent: 20,
          batches: [{ vintage: 2025, batchId: BATCH, quantity: 800, bufferBatchId: BUFFER, bufferQuantity: 200 }],
          approvedAt: at(6),
        },
      },
    ] satisfies ProjectEvent[]);
    await append(projectStreamId(waiting), [drafted(waiting, 'Waiting Woods', at(7)), requested(waiting)]);
    await append(projectStreamId(validated), [
      drafted(validated, 'Valid Vale', at(8)),
      requested(validated),
      { type: 'ProjectValidated', data: { projectId: validated, verifierId: VERIFIER, comment: '', documents: [], validatedAt: at(8) } },
    ]);
    await append(projectStreamId(draft), [drafted(draft, 'Draft Dunes', at(9))]);
    await append(MARKET, [
      issued(BATCH, 800, PROPONENT, { reportId }),
      issued(BUFFER, 200, BUFFER_POOL_ACCOUNT_ID, { reportId, bufferFor: BATCH }),
      {
        type: 'CreditsRetired',
        data: {
          retirementId: randomUUID(),
          batchId: BATCH,
          accountId: PROPONENT,
          quantity: 10,
          ranges: [{ batchId: BATCH, start: 1, end: 10 }],
          beneficiary: 'Acme',
          purpose: 'FY2025',
          standard: 'Verra VCS',
          offsetType: 'compensation',
          retiredBy: PROPONENT,
          retiredAt: at(9),
        },
      },
      {
        type: 'CreditsTokenized',
        data: {
          tokenizationId: randomUUID(),
          batchId: BATCH,
          accountId: PROPONENT,
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          quantity: 5,
          ranges: [{ batchId: BATCH, start: 11, end: 15 }],
          requestedBy: PROPONENT,
          tokenizedAt: at(9),
        },
      },
    ] satisfies CreditEvent[]);
  }, 60_000);

  afterAll(async () => {
    for (const runner of runners ?? []) await runner.stop();
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  it("lists a proponent's projects with reports, issuances, documents and parties", async () => {
    const { projects } = listProjectsResponse.parse(
      await new ListMyProjectsHandler(db).execute(new ListMyProjectsQuery(PROPONENT, listMyProjectsParams.parse({}))),
    );
    expect(projects.map((project) => project.name)).toEqual(['Draft Dunes', 'Valid Vale', 'Waiting Woods', 'Canopy Restoration']);
    const canopy = projects[3]!;
    expect(canopy).toMatchObject({
      status: 'registered',
      proponent: { id: PROPONENT, name: 'Pro Ponent', organisation: 'Green Canopy Ltd' },
      verifier: { id: VERIFIER, name: 'Vera Fier', organisation: 'Audit Co' },
      registeredAt: at(3),
      issuedQuantity: 1000,
      bufferQuantity: 200,
      documents: [{ sha256: 'a'.repeat(64), citedBy: 'ProjectDrafted', reportId: null, citedAt: at(0) }],
    });
    expect(canopy.reports).toEqual([
      {
        reportId,
        projectId: registered,
        period: { start: '2025-01-01', end: '2025-12-31' },
        mitigation: 'removal',
        claimed: [{ vintage: 2025, quantity: 1000 }],
        verified: [{ vintage: 2025, quantity: 1000 }],
        status: 'approved',
        reasons: null,
        filedAt: at(4),
        verifiedAt: at(5),
        approvedAt: at(6),
        batches: [{ vintage: 2025, batchId: BATCH, quantity: 800, bufferBatchId: BUFFER, bufferQuantity: 200, issued: true }],
      },
    ]);
  });

  it('puts what waits for the verifier, then the registry, first', async () => {
    const queue = await new VerificationQueueHandler(db).execute(new VerificationQueueQuery(VERIFIER, listVerificationQueueParams.parse({})));
    expect(queue.projects.map((project) => project.name)).toEqual(['Waiting Woods', 'Valid Vale', 'Canopy Restoration']);
    expect((await new VerificationQueueHandler(db).execute(new VerificationQueueQuery(PROPONENT, listVerificationQueueParams.parse({})))).projects).toEqual([]);
    const review = await new ReviewQueueHandler(db).execute(new ReviewQueueQuery(listReviewQueueParams.parse({})));
    expect(review.projects.map((project) => project.name)).toEqual(['Valid Vale', 'Draft Dunes', 'Waiting Woods', 'Canopy Restoration']);
  });

  it('shows the public registry without drafts and without user ids', async () => {
    const { projects } = listProjectsResponse.parse(await new PublicProjectsHandler(db).execute(new PublicProjectsQuery(listRegistryProjectsParams.parse({}))));
    expect(projects.map((project) => project.name)).toEqual(['Valid Vale', 'Waiting Woods', 'Canopy Restoration']);
    for (const project of projects) {
      expect(project.proponent.id).toBeNull();
      expect(project.verifier?.id).toBeNull();
    }
    expect(projectView.parse(await new PublicProjectHandler(db).execute(new PublicProjectQuery(registered))).name).toBe('Canopy Restoration');
    expect(await new PublicProjectHandler(db).execute(new PublicProjectQuery(draft))).toBeUndefined();
  });

  it('lists verifiers with their accreditation', async () => {
    expect(listVerifiersResponse.parse(await new ListVerifiersHandler(db).execute())).toEqual({
      verifiers: [{ id: VERIFIER, name: 'Vera Fier', organisation: 'Audit Co', projectTypes: ['Forestry'] }],
    });
  });

  it('lists batches and retirements without accounts or addresses', async () => {
    const { batches } = listRegistryBatchesResponse.parse(
      await new PublicBatchesHandler(db).execute(new PublicBatchesQuery(listRegistryBatchesParams.parse({}))),
    );
    expect(batches.map((batch) => [batch.batchId, batch.buffer, batch.reportId, batch.retired])).toEqual([
      [BATCH, false, reportId, 10],
      [BUFFER, true, reportId, 0],
    ]);
    expect(batches[0]).toMatchObject({ firstSerial: `NXCC-${BATCH}-000001`, lastSerial: `NXCC-${BATCH}-000800`, origin: null });
    const retirements = await new PublicRetirementsHandler(db).execute(new PublicRetirementsQuery(listRegistryRetirementsParams.parse({})));
    expect(listRegistryRetirementsResponse.parse(retirements).retirements).toMatchObject([
      { batchId: BATCH, quantity: 10, serials: [`NXCC-${BATCH}-000001 to NXCC-${BATCH}-000010`], beneficiary: 'Acme' },
    ]);
    expect(JSON.stringify(retirements)).not.toContain(PROPONENT);
    expect(JSON.stringify(batches)).not.toContain('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
  });

  it('tells what became of a serial', async () => {
    const status = async (serial: string) => {
      const view = await new PublicSerialHandler(db).execute(new PublicSerialQuery(serial));
      return view === undefined ? undefined : registrySerialView.parse(view).status;
    };
    expect(await status(`NXCC-${BATCH}-000005`)).toBe('retired');
    expect(await status(`NXCC-${BATCH}-000012`)).toBe('in_vault');
    expect(await status(`NXCC-${BATCH}-000100`)).toBe('active');
    expect(await status(`NXCC-${BUFFER}-000001`)).toBe('buffer');
    expect(await status(`NXCC-${BATCH}-000801`)).toBeUndefined();
    expect(await status('not-a-serial')).toBeUndefined();
    const retired = await new PublicSerialHandler(db).execute(new PublicSerialQuery(`NXCC-${BATCH}-000005`));
    expect(retired?.retirement).toMatchObject({ beneficiary: 'Acme', quantity: 10 });
  });
});
