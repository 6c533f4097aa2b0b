import { BUFFER_POOL_ACCOUNT_ID, type EventStore, projectStreamId, projectView, type RecordedEvent, recordReversalResponse } from '@carbon-ledger/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchSummary } from '../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { poolBufferBatch } from '../test-support/pool-backing.js';
import { issued, reviewersOf } from '../test-support/registry-issuance.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { CancelBufferWhenReversalRecorded } from './reactions/cancel-buffer-when-reversal-recorded.handler.js';

const YEAR = new Date().getUTCFullYear();
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

/**
 * Reversals against the buffer pool (docs/cancellations-and-reversals.md): the registry records one
 * on the project; the reaction cancels the pool's credits oldest batch first, once, and the project
 * states what was covered and the shortfall.
 */
describe('reversals over HTTP: the buffer pool covers them, oldest first, exactly once', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let proponent: SignedInClient;
  let verifier: SignedInClient;
  let registry: SignedInClient;
  let colleagueRegistry: SignedInClient;
  let eventStore: EventStore;
  let markets: CreditMarketStore;
  let db: ReadModels;
  let projects = 0;
  /** The two buffer batches, oldest first, and the projects they were held back from. */
  const buffers: { projectId: string; batchId: string }[] = [];

  beforeAll(async () => {
    eventStore = service.app.get<EventStore>(EVENT_STORE);
    markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
    db = service.app.get<ReadModels>(READ_MODELS);
    [proponent, colleagueRegistry] = await Promise.all([
      service.signIn(['issuer'], undefined, 'Canopy Trust'),
      service.signIn(['registry'], undefined, 'Canopy Trust'),
    ]);
    ({ verifier, registry } = await reviewersOf(service));
    // The sandbox pool's buffer batch, issued by the lifecycle the service walks at start, is the
    // oldest of the pool: emptied first, so that this suite's two batches are what the pool holds.
    const sandboxBuffer = await poolBufferBatch(service);
    const held = (await pool(sandboxBuffer)).tradable;
    const commandId = randomUUID();
    await markets.execute(
      'Reforestation',
      YEAR,
      {
        type: 'CancelCredits',
        cancellationId: randomUUID(),
        batchId: sandboxBuffer,
        accountId: BUFFER_POOL_ACCOUNT_ID,
        quantity: held,
        reason: 'correction',
        note: "Emptied before the reversal suite: its cases count this suite's buffer batches only",
        cancelledBy: registry.userId,
        asRegistry: true,
      },
      { commandId, correlationId: commandId, causationId: commandId, actor: { userId: registry.userId, role: 'registry' }, now: new Date() },
      () => undefined,
    );
    // Two Reforestation issuances of 1,000: 850 to the proponent, 150 each to the buffer pool.
    for (let n = 0; n < 2; n += 1) buffers.push(await issuedProject());
  }, 120_000);

  async function ok(response: Promise<Response>, status = 200): Promise<Record<string, unknown>> {
    const answer = await response;
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status, JSON.stringify(body)).toBe(status);
    return body;
  }

  async function issuedProject(): Promise<{ projectId: string; batchId: string }> {
    projects += 1;
    const projectId = `PRJ-REV-${projects}`;
    await ok(
      proponent.request('POST', '/api/projects', {
        projectId,
        name: `Reversal project ${projects}`,
        projectType: 'Reforestation',
        hostCountry: 'BR',
        standard: 'Verra VCS',
        location: 'Serra do Mar',
        creditingPeriod: { start: `${YEAR - 1}-01-01`, end: `${YEAR + 8}-12-31` },
        expectedAnnualQuantity: 1000,
        documents: [],
      }),
      201,
    );
    await ok(proponent.request('POST', `/api/projects/${projectId}/validation`, { verifierId: verifier.userId }));
    await ok(verifier.request('POST', `/api/projects/${projectId}/validation/decision`, { decision: 'validated' }));
    await ok(registry.request('POST', `/api/projects/${projectId}/registration`, { decision: 'registered' }));
    const report = await ok(
      proponent.request('POST', `/api/projects/${projectId}/reports`, {
        period: { start: `${YEAR}-01-01`, end: `${YEAR}-03-31` },
        claimed: [{ vintage: YEAR, quantity: 1000 }],
      }),
      201,
    );
    const reportId = report.reportId as string;
    await ok(
      verifier.request('POST', `/api/projects/${projectId}/reports/${reportId}/verification`, {
        decision: 'verified',
        verified: [{ vintage: YEAR, quantity: 1000 }],
      }),
    );
    await ok(registry.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }));
    const approval = (await projectEvents(projectId)).find((event) => event.type === 'IssuanceApproved')!.data as {
      batches: { batchId: string; bufferBatchId: string; bufferQuantity: number }[];
    };
    expect(approval.batches[0]!.bufferQuantity).toBe(150);
    await issued(service, approval.batches[0]!.batchId);
    await issued(service, approval.batches[0]!.bufferBatchId);
    return { projectId, batchId: approval.batches[0]!.bufferBatchId };
  }

  const projectEvents = async (projectId: string): Promise<RecordedEvent[]> => eventStore.readStream(projectStreamId(projectId));
  const pool = (batchId: string) => markets.read('Reforestation', YEAR, (state) => batchSummary(state, batchId));

  /** The reversal's row once the reaction recorded what the pool covered. */
  async function covered(reversalId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = await db.selectFrom('project_reversals').selectAll().where('reversal_id', '=', reversalId).executeTakeFirst();
      if (row?.covered !== null && row?.covered !== undefined) {
        // The cancellations' records are in the registry view, which may follow a moment later.
        await service.app.get(ProjectionHost).waitFor(['credit-registry'], await service.runtime.eventStore.headPosition(), 20_000);
        return row;
      }
      if (Date.now() > deadline) throw new Error(`reversal ${reversalId} was not covered within 20 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function reversal(projectId: string, quantity: number, cause: string) {
    const body = await ok(registry.request('POST', `/api/projects/${projectId}/reversals`, { quantity, cause }), 201);
    return recordReversalResponse.parse(body);
  }

  it('cancels 200 of the pool for a reversal of 200: all 150 of the oldest buffer batch, then 50 of the next, naming the project; no shortfall', async () => {
    const document = await ok(registry.request('POST', '/api/documents', pdf('fire report'), { 'content-type': 'application/pdf' }), 201);
    const response = await ok(
      registry.request('POST', `/api/projects/${buffers[0]!.projectId}/reversals`, {
        quantity: 200,
        cause: 'Wildfire burned 40 ha of planted area',
        documents: [{ sha256: document.sha256, kind: 'other', name: 'fire-report.pdf' }],
      }),
      201,
    );
    const { reversalId } = recordReversalResponse.parse(response);
    const row = await covered(reversalId);
    expect(row).toMatchObject({ project_id: buffers[0]!.projectId, quantity: 200, covered: 200, shortfall: 0 });
    expect(await pool(buffers[0]!.batchId)).toMatchObject({ tradable: 0, cancelled: 150, retired: 0 });
    expect(await pool(buffers[1]!.batchId)).toMatchObject({ tradable: 100, cancelled: 50, retired: 0 });
    const cancellations = await db
      .selectFrom('credit_cancellations')
      .select(['token_id', 'quantity', 'reason', 'account_id', 'reversal_project_id', 'by_registry'])
      .where('reversal_id', '=', reversalId)
      .orderBy('commit_position')
      .execute();
    expect(cancellations).toEqual([
      {
        token_id: buffers[0]!.batchId,
        quantity: 150,
        reason: 'reversal',
        account_id: BUFFER_POOL_ACCOUNT_ID,
        reversal_project_id: buffers[0]!.projectId,
        by_registry: true,
      },
      {
        token_id: buffers[1]!.batchId,
        quantity: 50,
        reason: 'reversal',
        account_id: BUFFER_POOL_ACCOUNT_ID,
        reversal_project_id: buffers[0]!.projectId,
        by_registry: true,
      },
    ]);
    // The evidence is cited on the project like any other document.
    const cited = await db.selectFrom('project_documents').select('sha256').where('cited_by', '=', 'ReversalRecorded').execute();
    expect(cited.map((citation) => citation.sha256)).toContain(document.sha256);
  });

  it('cancels nothing twice when the reversal is handled again (a replay, a crash before the cover, a second instance)', async () => {
    const recorded = (await projectEvents(buffers[0]!.projectId)).find((event) => event.type === 'ReversalRecorded')!;
    const reaction = service.app.get(CancelBufferWhenReversalRecorded);
    await Promise.all([reaction.handle(recorded), reaction.handle(recorded)]);
    await reaction.handle(recorded);
    expect(await pool(buffers[0]!.batchId)).toMatchObject({ tradable: 0, cancelled: 150 });
    expect(await pool(buffers[1]!.batchId)).toMatchObject({ tradable: 100, cancelled: 50 });
    expect((await projectEvents(buffers[0]!.projectId)).filter((event) => event.type === 'ReversalCovered')).toHaveLength(1);
  });

  it('states the shortfall where the pool cannot cover a reversal: 100 left of 900 lost, 800 short', async () => {
    const { reversalId } = await reversal(buffers[1]!.projectId, 900, 'Storm felled the stand');
    const row = await covered(reversalId);
    expect(row).toMatchObject({ quantity: 900, covered: 100, shortfall: 800 });
    expect(await pool(buffers[1]!.batchId)).toMatchObject({ tradable: 0, cancelled: 150 });
    const event = (await projectEvents(buffers[1]!.projectId)).find((recorded) => recorded.type === 'ReversalCovered')!;
    expect(event.data).toMatchObject({ reversalId, covered: 100, shortfall: 800 });
    // The project page (and the public registry) states it.
    const page = projectView.parse(await (await service.anonymous('GET', `/api/registry/projects/${buffers[1]!.projectId}`)).json());
    expect(page.reversals).toEqual([expect.objectContaining({ reversalId, quantity: 900, cause: 'Storm felled the stand', covered: 100, shortfall: 800 })]);
    expect(page.reversalShortfall).toBe(800);
  });

  it('refuses a reversal beyond what the project was credited (409), by a registry user of its organisation (403), by a proponent (403), recording nothing', async () => {
    const projectId = buffers[1]!.projectId;
    const before = (await projectEvents(projectId)).length;
    const beyond = await registry.request('POST', `/api/projects/${projectId}/reversals`, { quantity: 101, cause: 'More fire' });
    expect(beyond.status).toBe(409);
    expect(await beyond.json()).toMatchObject({
      error: 'Conflict',
      message: 'The project was credited 1000 tCO2e, 900 reversed already: at most 100 can be reversed',
    });
    const colleague = await colleagueRegistry.request('POST', `/api/projects/${projectId}/reversals`, { quantity: 1, cause: 'Fire' });
    expect(colleague.status).toBe(403);
    expect(await colleague.json()).toMatchObject({
      error: 'Forbidden',
      message: 'A registry user of Canopy Trust cannot record a reversal of its own organisation',
    });
    expect((await proponent.request('POST', `/api/projects/${projectId}/reversals`, { quantity: 1, cause: 'Fire' })).status).toBe(403);
    const invalid = await registry.request('POST', `/api/projects/${projectId}/reversals`, { quantity: 0, cause: 'Fire' });
    expect(invalid.status).toBe(400);
    expect((await projectEvents(projectId)).length).toBe(before);
  });
});
