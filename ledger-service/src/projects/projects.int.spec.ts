import {
  BUFFER_POOL_ACCOUNT_ID,
  creditMarketStreamId,
  type EventStore,
  issueCreditsResponse,
  projectStreamId,
  type RecordedEvent,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { projectForm } from '../test-support/project-form.js';
import { issued, reviewersOf } from '../test-support/registry-issuance.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { verifyDocuments } from './documents/verify-documents.js';
import { IssueCreditsWhenIssuanceApproved } from './reactions/issue-credits-when-issuance-approved.handler.js';

const YEAR = new Date().getUTCFullYear();
const pdf = (text: string): Buffer => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

describe('registry lifecycle over HTTP: projects, verification, approval, issuance', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let proponent: SignedInClient;
  let colleague: SignedInClient;
  let verifier: SignedInClient;
  let colleagueVerifier: SignedInClient;
  let registry: SignedInClient;
  let colleagueRegistry: SignedInClient;
  let address: string;
  let eventStore: EventStore;
  let projects = 0;

  beforeAll(async () => {
    eventStore = service.app.get<EventStore>(EVENT_STORE);
    [proponent, colleague, colleagueVerifier, colleagueRegistry] = await Promise.all([
      service.signIn(['issuer'], undefined, 'Verdant Energy'),
      service.signIn(['issuer'], undefined, 'Verdant Energy'),
      service.signIn(['verifier'], undefined, 'verdant energy'),
      service.signIn(['registry'], undefined, 'Verdant Energy'),
    ]);
    ({ verifier, registry } = await reviewersOf(service));
    address = (await verifiedAddress(service, proponent)).address;
    const accredited = await registry.request('POST', `/api/verifiers/${colleagueVerifier.userId}/accreditation`, {
      projectTypes: ['Reforestation', 'Solar Energy'],
    });
    expect(accredited.status).toBe(200);
  });

  async function upload(client: SignedInClient, bytes: Buffer, mediaType = 'application/pdf'): Promise<Response> {
    return client.request('POST', '/api/documents', bytes, { 'content-type': mediaType });
  }

  async function ok(response: Promise<Response>, status = 200): Promise<Record<string, unknown>> {
    const answer = await response;
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status, JSON.stringify(body)).toBe(status);
    return body;
  }

  /** A drafted project of the proponent's (Reforestation unless told), with a design document. */
  async function drafted(projectType = 'Reforestation'): Promise<string> {
    projects += 1;
    const projectId = `PRJ-REG-${projects}`;
    const document = await ok(upload(proponent, pdf(`design ${projectId}`)), 201);
    await ok(
      proponent.request('POST', '/api/projects', {
        projectId,
        name: `Registry project ${projects}`,
        projectType,
        hostCountry: 'BR',
        standard: 'Verra VCS',
        location: 'Serra do Mar',
        creditingPeriod: { start: `${YEAR - 1}-01-01`, end: `${YEAR + 8}-12-31` },
        expectedAnnualQuantity: 1000,
        documents: [{ sha256: document.sha256, kind: 'project_design_document', name: 'pdd.pdf' }],
      }),
      201,
    );
    return projectId;
  }

  async function registered(projectType?: string): Promise<string> {
    const projectId = await drafted(projectType);
    await ok(proponent.request('POST', `/api/projects/${projectId}/validation`, { verifierId: verifier.userId }));
    await ok(verifier.request('POST', `/api/projects/${projectId}/validation/decision`, { decision: 'validated' }));
    await ok(registry.request('POST', `/api/projects/${projectId}/registration`, { decision: 'registered' }));
    return projectId;
  }

  async function filed(projectId: string, claimed = 1000, period = { start: `${YEAR}-01-01`, end: `${YEAR}-03-31` }): Promise<string> {
    const report = await ok(proponent.request('POST', `/api/projects/${projectId}/reports`, { period, claimed: [{ vintage: YEAR, quantity: claimed }] }), 201);
    return report.reportId as string;
  }

  async function verifiedReport(projectId: string, quantity = 1000): Promise<string> {
    const reportId = await filed(projectId);
    await ok(
      verifier.request('POST', `/api/projects/${projectId}/reports/${reportId}/verification`, {
        decision: 'verified',
        verified: [{ vintage: YEAR, quantity }],
        ...(quantity < 1000 ? { reasons: 'Two plots lost to fire' } : {}),
      }),
    );
    return reportId;
  }

  const projectEvents = async (projectId: string): Promise<RecordedEvent[]> => eventStore.readStream(projectStreamId(projectId));
  const issuedIn = async (type: 'Reforestation' | 'Solar Energy', reportId: string): Promise<RecordedEvent[]> =>
    (await eventStore.readStream(creditMarketStreamId(type, YEAR))).filter(
      (event) => event.type === 'CreditsIssued' && (event.data as { reportId?: string }).reportId === reportId,
    );

  it('walks a project from draft to issued credits, with the buffer pool share as a batch of its own', async () => {
    const projectId = await registered();
    const reportId = await verifiedReport(projectId, 900);
    const approved = await ok(registry.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }));
    expect(approved).toMatchObject({ projectId, reportId, status: 'approved' });
    const approval = (await projectEvents(projectId)).find((event) => event.type === 'IssuanceApproved')!.data as {
      batches: { batchId: string; quantity: number; bufferBatchId: string; bufferQuantity: number }[];
    };
    expect(approval.batches).toEqual([expect.objectContaining({ quantity: 765, bufferQuantity: 135 })]);
    await issued(service, approval.batches[0]!.batchId);
    await issued(service, approval.batches[0]!.bufferBatchId);
    const batches = await issuedIn('Reforestation', reportId);
    expect(batches.map((event) => event.data)).toEqual([
      expect.objectContaining({ batchId: approval.batches[0]!.batchId, quantity: 765, accountId: proponent.userId, projectId }),
      expect.objectContaining({
        batchId: approval.batches[0]!.bufferBatchId,
        quantity: 135,
        accountId: BUFFER_POOL_ACCOUNT_ID,
        bufferFor: approval.batches[0]!.batchId,
      }),
    ]);
  });

  it('approves a report once under 8 concurrent approvals: one IssuanceApproved, one batch; the others 409', async () => {
    const projectId = await registered('Solar Energy');
    const reportId = await verifiedReport(projectId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        registry.request(
          'POST',
          `/api/projects/${projectId}/reports/${reportId}/review`,
          { decision: 'approved' },
          { 'idempotency-key': `approve-${projectId}-${index}` },
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect((await projectEvents(projectId)).filter((event) => event.type === 'IssuanceApproved')).toHaveLength(1);
    const approval = (await projectEvents(projectId)).find((event) => event.type === 'IssuanceApproved')!;
    await issued(service, (approval.data as { batches: { batchId: string }[] }).batches[0]!.batchId);
    expect(await issuedIn('Solar Energy', reportId)).toHaveLength(1);
  });

  it('issues nothing twice when the approval is handled again (a crash between the approval and the batch, a second instance)', async () => {
    const projectId = await registered('Solar Energy');
    const reportId = await verifiedReport(projectId);
    await ok(registry.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }));
    const approval = (await projectEvents(projectId)).find((event) => event.type === 'IssuanceApproved')!;
    const reaction = service.app.get(IssueCreditsWhenIssuanceApproved);
    // The reaction runs from the log; here it is also handed the same approval again, at once and after.
    await Promise.all([reaction.handle(approval), reaction.handle(approval)]);
    await issued(service, (approval.data as { batches: { batchId: string }[] }).batches[0]!.batchId);
    await reaction.handle(approval);
    expect(await issuedIn('Solar Energy', reportId)).toHaveLength(1);
  });

  it.each([
    ['a verifier of the proponent’s organisation asked to validate', 'validation-colleague'],
    ['the proponent registering its own project', 'register-self'],
    ['a registry user of the proponent’s organisation approving', 'approve-colleague'],
    ['the verifier approving the issuance it verified', 'approve-verifier'],
  ])('refuses %s with 403, and records nothing', async (_, kase) => {
    const projectId = kase === 'validation-colleague' ? await drafted() : await registered();
    const reportId = kase.startsWith('approve') ? await verifiedReport(projectId) : undefined;
    const before = (await projectEvents(projectId)).length;
    const call = {
      'validation-colleague': () => proponent.request('POST', `/api/projects/${projectId}/validation`, { verifierId: colleagueVerifier.userId }),
      'register-self': () => proponent.request('POST', `/api/projects/${projectId}/registration`, { decision: 'registered' }),
      'approve-colleague': () => colleagueRegistry.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }),
      'approve-verifier': () => verifier.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }),
    }[kase]!;
    const response = await call();
    expect(response.status).toBe(403);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('Forbidden');
    if (kase === 'validation-colleague') expect(body.message).toBe('A verifier of verdant energy cannot validate or verify a project of its own organisation');
    if (kase === 'approve-colleague') expect(body.message).toBe('A registry user of Verdant Energy cannot approve its issuance of its own organisation');
    expect((await projectEvents(projectId)).length).toBe(before);
  });

  it("refuses another proponent's report on a project (403) and a period that overlaps an earlier report (409 naming it), recording nothing", async () => {
    const projectId = await registered();
    const reportId = await filed(projectId);
    const before = (await projectEvents(projectId)).length;
    const foreign = await colleague.request('POST', `/api/projects/${projectId}/reports`, {
      period: { start: `${YEAR}-04-01`, end: `${YEAR}-04-30` },
      claimed: [{ vintage: YEAR, quantity: 10 }],
    });
    expect(foreign.status).toBe(403);
    const overlapping = await proponent.request('POST', `/api/projects/${projectId}/reports`, {
      period: { start: `${YEAR}-03-01`, end: `${YEAR}-05-31` },
      claimed: [{ vintage: YEAR, quantity: 10 }],
    });
    expect(overlapping.status).toBe(409);
    expect(await overlapping.json()).toMatchObject({
      error: 'Conflict',
      message: `The monitoring period overlaps report ${reportId} (${YEAR}-01-01 to ${YEAR}-03-31)`,
      details: { reportId },
    });
    expect((await projectEvents(projectId)).length).toBe(before);
  });

  it('refuses verifying more than claimed (400), approval before verification (409), and approving twice (409)', async () => {
    const projectId = await registered('Solar Energy');
    const reportId = await filed(projectId);
    const review = `/api/projects/${projectId}/reports/${reportId}/review`;
    const early = await registry.request('POST', review, { decision: 'approved' });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: 'Only a verified report can be reviewed; this one is awaiting verification' });
    const more = await verifier.request('POST', `/api/projects/${projectId}/reports/${reportId}/verification`, {
      decision: 'verified',
      verified: [{ vintage: YEAR, quantity: 1001 }],
    });
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({ message: `Vintage ${YEAR}: 1001 verified is more than the 1000 claimed` });
    await ok(
      verifier.request('POST', `/api/projects/${projectId}/reports/${reportId}/verification`, {
        decision: 'verified',
        verified: [{ vintage: YEAR, quantity: 1000 }],
      }),
    );
    await ok(registry.request('POST', review, { decision: 'approved' }));
    const twice = await registry.request('POST', review, { decision: 'approved' });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: 'The issuance of this report was approved already; its credits are issued once' });
  });

  it('files the issue form as a request: nothing is issued until the verifier and the registry have acted', async () => {
    const response = await proponent.request('POST', '/api/issue', { ...projectForm('PRJ-FORM-1', 'Form Solar', 'Solar Energy'), xrplAddress: address });
    expect(response.status).toBe(201);
    const filedRequest = issueCreditsResponse.parse(await response.json());
    expect(filedRequest).toMatchObject({
      projectId: 'PRJ-FORM-1',
      projectStatus: 'draft',
      reportStatus: 'awaiting_verification',
      quantity: 110,
      requiresKyc: false,
    });
    const market = await eventStore.readStream(creditMarketStreamId('Solar Energy', YEAR));
    expect(market.some((event) => event.type === 'CreditsIssued' && (event.data as { batchId: string }).batchId === filedRequest.tokenId)).toBe(false);
  });

  it("shows each role its queue, and the public registry the project, its batches and serials without anyone's id, email or address", async () => {
    const projectId = await registered('Solar Energy');
    const reportId = await verifiedReport(projectId, 1000);
    const queue = (await ok(registry.request('GET', '/api/projects/review-queue'))) as { projects: { projectId: string }[] };
    expect(queue.projects.map((project) => project.projectId)).toContain(projectId);
    const assigned = (await ok(verifier.request('GET', '/api/projects/verification-queue'))) as { projects: { projectId: string }[] };
    expect(assigned.projects.map((project) => project.projectId)).toContain(projectId);
    expect((await colleagueVerifier.request('GET', '/api/projects/verification-queue')).status).toBe(200);
    const mine = (await ok(proponent.request('GET', '/api/projects/mine'))) as { projects: { projectId: string; proponent: { id: string } }[] };
    expect(mine.projects.find((project) => project.projectId === projectId)?.proponent.id).toBe(proponent.userId);
    expect((await verifier.request('GET', '/api/projects/mine')).status).toBe(403);

    await ok(registry.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }));
    const approval = (await projectEvents(projectId)).find((event) => event.type === 'IssuanceApproved')!.data as { batches: { batchId: string }[] };
    const batchId = approval.batches[0]!.batchId;
    await issued(service, batchId);
    const publicProject = await service.anonymous('GET', `/api/registry/projects/${projectId}`);
    expect(publicProject.status).toBe(200);
    const text = await publicProject.text();
    const view = JSON.parse(text) as {
      status: string;
      proponent: { id: string | null };
      verifier: { id: string | null };
      reports: { status: string; batches: { issued: boolean }[] }[];
    };
    expect(view).toMatchObject({ status: 'registered', proponent: { id: null }, verifier: { id: null } });
    expect(view.reports[0]).toMatchObject({ status: 'approved', batches: [{ issued: true }] });
    // Parties by organisation; a person without one is not named.
    expect(view.proponent).toMatchObject({ name: 'Verdant Energy', organisation: 'Verdant Energy' });
    expect(view.verifier).toMatchObject({ name: 'Individual (name not published)', organisation: null });
    for (const secret of [proponent.userId, verifier.userId, address, '@example.test', 'Test verifier', 'Test issuer']) expect(text).not.toContain(secret);
    const batches = await service.anonymous('GET', '/api/registry/batches');
    expect(((await batches.json()) as { batches: { batchId: string; reportId: string }[] }).batches).toContainEqual(
      expect.objectContaining({ batchId, reportId }),
    );
    const serial = await service.anonymous('GET', `/api/registry/serials/NXCC-${batchId}-000001`);
    expect(serial.status).toBe(200);
    expect(await serial.json()).toMatchObject({ status: 'active', batch: { batchId, projectId } });
    expect((await service.anonymous('GET', `/api/registry/serials/NXCC-${batchId}-999999`)).status).toBe(404);
    expect((await service.anonymous('GET', '/api/registry/projects/NO-SUCH-PROJECT')).status).toBe(404);
  });

  it("begins a serial's provenance at the project: its registration, the report, its verification and the approval, with the documents' hashes", async () => {
    const projectId = await registered('Solar Energy');
    const reportId = await verifiedReport(projectId);
    await ok(registry.request('POST', `/api/projects/${projectId}/reports/${reportId}/review`, { decision: 'approved' }));
    const approval = (await projectEvents(projectId)).find((event) => event.type === 'IssuanceApproved')!.data as { batches: { batchId: string }[] };
    const batchId = approval.batches[0]!.batchId;
    await issued(service, batchId);
    const drafted = (await projectEvents(projectId)).find((event) => event.type === 'ProjectDrafted')!.data as { documents: { sha256: string }[] };
    const provenance = (await ok(proponent.request('GET', `/api/provenance/serials/NXCC-${batchId}-000001`))) as {
      entries: { kind: string; description: string; documents?: { sha256: string }[] }[];
    };
    expect(provenance.entries.map((entry) => entry.kind).slice(0, 7)).toEqual(['project', 'project', 'project', 'project', 'project', 'project', 'issuance']);
    expect(provenance.entries[0]).toMatchObject({
      description: expect.stringContaining(`(${projectId}) drafted by its proponent`),
      documents: [{ sha256: drafted.documents[0]!.sha256 }],
    });
    expect(provenance.entries.map((entry) => entry.description)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Monitoring report ${reportId} filed`),
        'Monitoring report verified: 1000 for ' + YEAR,
        'Issuance approved by the registry',
      ]),
    );
  });

  describe('documents', () => {
    it('stores a document once under its sha256 and serves it, checked, once a project cites it', async () => {
      const bytes = pdf('monitoring evidence');
      const first = await ok(upload(proponent, bytes), 201);
      expect(first).toMatchObject({ size: bytes.length, mediaType: 'application/pdf', created: true });
      expect(await ok(upload(proponent, bytes), 200)).toMatchObject({ sha256: first.sha256, created: false });
      expect((await service.anonymous('GET', `/api/registry/documents/${first.sha256 as string}`)).status).toBe(404);
      const projectId = await registered();
      await ok(
        proponent.request('POST', `/api/projects/${projectId}/reports`, {
          period: { start: `${YEAR}-01-01`, end: `${YEAR}-01-31` },
          claimed: [{ vintage: YEAR, quantity: 5 }],
          documents: [{ sha256: first.sha256, kind: 'monitoring_report', name: 'january.pdf' }],
        }),
        201,
      );
      const download = await service.anonymous('GET', `/api/registry/documents/${first.sha256 as string}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toContain('application/pdf');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
      expect(await verifyDocuments(eventStore, service.runtime.pool)).toMatchObject({ ok: true, problems: [] });
      // Bytes changed behind the registry's back are never sent as the document, and npm run verify names them.
      await service.runtime.pool.query('update registry_documents set content = $1 where sha256 = $2', [pdf('tampered'), first.sha256]);
      const tampered = await service.anonymous('GET', `/api/registry/documents/${first.sha256 as string}`);
      expect(tampered.status).toBe(500);
      expect(await tampered.json()).toMatchObject({
        message: `Document ${first.sha256 as string} no longer matches the hash the registry recorded; it is not sent`,
      });
    });

    it('refuses a media type off the list (415), a document over 5 MiB (413), an empty one (400) and a citation of bytes never uploaded (400)', async () => {
      const html = await upload(proponent, Buffer.from('<html></html>'), 'text/html');
      expect(html.status).toBe(415);
      expect(await html.json()).toMatchObject({ error: 'UnsupportedMediaType' });
      const large = await upload(proponent, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
      expect(large.status).toBe(413);
      expect(await large.json()).toMatchObject({ error: 'PayloadTooLarge' });
      expect((await upload(proponent, Buffer.alloc(0))).status).toBe(400);
      const projectId = await registered();
      const cited = await proponent.request('POST', `/api/projects/${projectId}/reports`, {
        period: { start: `${YEAR}-02-01`, end: `${YEAR}-02-28` },
        claimed: [{ vintage: YEAR, quantity: 5 }],
        documents: [{ sha256: 'a'.repeat(64), kind: 'monitoring_report', name: 'missing.pdf' }],
      });
      expect(cited.status).toBe(400);
      expect(await cited.json()).toMatchObject({ message: `Document ${'a'.repeat(64)} was not uploaded; upload it to /api/documents first` });
      expect((await service.anonymous('POST', '/api/documents', pdf('anonymous'), { 'content-type': 'application/pdf' })).status).toBe(401);
    });

    it('takes a JSON document as bytes, not as a request body', async () => {
      const json = Buffer.from(JSON.stringify({ meter: 'M-1', kWh: 1250 }));
      expect(await ok(upload(proponent, json, 'application/json'), 201)).toMatchObject({ mediaType: 'application/json', size: json.length });
    });
  });

  describe('credits from another registry', () => {
    it('records an origin range once: an overlapping range is 409 naming the earlier batch, also under concurrent requests', async () => {
      const projectId = await registered();
      const first = await ok(
        registry.request('POST', '/api/registry/imports', {
          originRegistry: 'Verra',
          originStart: 1000,
          originEnd: 1999,
          projectId,
          vintage: YEAR,
          accountId: proponent.userId,
        }),
        201,
      );
      const overlap = await registry.request('POST', '/api/registry/imports', {
        originRegistry: 'Verra',
        originStart: 1999,
        originEnd: 2500,
        projectId,
        vintage: YEAR,
        accountId: proponent.userId,
      });
      expect(overlap.status).toBe(409);
      expect(await overlap.json()).toMatchObject({
        message: `Verra serials 1999-2500 overlap 1000-1999, recorded before as batch ${first.batchId as string}`,
        details: { batchId: first.batchId },
      });
      // Another registry's numbering is its own.
      await ok(
        registry.request('POST', '/api/registry/imports', {
          originRegistry: 'Gold Standard',
          originStart: 1000,
          originEnd: 1009,
          projectId,
          vintage: YEAR,
          accountId: proponent.userId,
        }),
        201,
      );
      const racing = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((index) =>
          registry.request(
            'POST',
            '/api/registry/imports',
            { originRegistry: 'Verra', originStart: 5000 + index, originEnd: 5100, projectId, vintage: YEAR, accountId: proponent.userId },
            { 'idempotency-key': `race-${projectId}-${index}` },
          ),
        ),
      );
      expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      await issued(service, first.batchId as string);
      const batch = (await eventStore.readStream(creditMarketStreamId('Reforestation', YEAR))).find(
        (event) => event.type === 'CreditsIssued' && (event.data as { batchId: string }).batchId === first.batchId,
      );
      expect(batch?.data).toMatchObject({ quantity: 1000, origin: { registry: 'Verra', start: 1000, end: 1999 }, accountId: proponent.userId });
    });
  });
});
