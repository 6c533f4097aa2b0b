import { createHash } from 'node:crypto';
import {
  ANCHORS_STREAM,
  canonicalJson,
  type ComplianceReport,
  complianceReport,
  CREDIT_MARKET_STREAM_PREFIX,
  isAuditEvent,
  issueCreditsResponse,
  retireCreditsResponse,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import { POOL_CLAIMED, poolBackingBatch } from '../test-support/pool-backing.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { pdfText } from '../test-support/pdf-text.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const removalProject = projectForm('PRJ-R', 'Canopy Reforestation', 'Reforestation', { scope2: 550, scope3: 550 });
const reductionProject = projectForm('PRJ-S', 'Sunfield Solar Park', 'Solar Energy', { scope2: 50 });
const SINGLE_RETIREMENTS = 15;

describe('CSRD, ISSB and UN SDG reports built from the event log', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let issuer: SignedInClient;
  let auditor: SignedInClient;
  let trader: SignedInClient;
  let removal: string;
  let reduction: string;
  let anchorTxHash: string;
  const retirementIds: string[] = [];

  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async function retire(tokenId: string, amount: number, extra: Record<string, unknown> = {}): Promise<void> {
    const response = await issuer.request('POST', '/api/retire', { tokenId, amount, beneficiary: 'Acme Ltd', purpose: 'FY2026 emissions', ...extra });
    expect(response.status).toBe(201);
    retirementIds.push(retireCreditsResponse.parse(await response.json()).retirementId);
  }

  async function report(body: unknown): Promise<ComplianceReport> {
    const response = await auditor.request('POST', '/api/compliance/reports', body);
    expect(response.status).toBe(200);
    return complianceReport.parse(await response.json());
  }

  beforeAll(async () => {
    await service.app.get(XrplConnection).ready;
    // The sandbox pool's opening NXCC are backed by a Reforestation batch issued into the vault: it is in the period too.
    await poolBackingBatch(service);
    [issuer, auditor, trader] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['auditor']), service.signIn(['trader'])]);
    const { address } = await verifiedAddress(service, issuer);
    const issue = async (project: typeof removalProject) =>
      issueCreditsResponse.parse(await (await issueThroughRegistry(service, issuer, { ...project, xrplAddress: address })).json()).tokenId;
    removal = await issue(removalProject);
    reduction = await issue(reductionProject);

    await retire(removal, 30, { standard: 'Verra VCS', offsetType: 'reduction', beneficiary: 'Canopy Buyer', purpose: 'Scope 1 FY2026' });
    await retire(reduction, 50);
    await retire(reduction, 20, { standard: 'American Carbon Registry' });
    for (let n = 1; n <= SINGLE_RETIREMENTS; n += 1) await retire(removal, 1, { beneficiary: `Customer ${n}` });

    // Every retirement's XRPL memo recorded, then a seal over all of it, anchored on XRPL.
    await until('the retirements to settle on XRPL', async () => {
      const events = await service.runtime.eventStore.readAll({ limit: 10_000 });
      const settled = events.filter(
        (event) =>
          event.streamId.startsWith(CREDIT_MARKET_STREAM_PREFIX) &&
          event.type === 'XrplSettlementRecorded' &&
          (event.data as { subject: string }).subject === 'retirement',
      );
      return settled.length === retirementIds.length ? true : undefined;
    });
    expect((await auditor.request('POST', '/api/audit/seals')).status).toBe(201);
    anchorTxHash = await until('the seal to be anchored', async () => {
      const [anchor] = (await service.runtime.eventStore.readStream(ANCHORS_STREAM)).filter(isAuditEvent);
      return anchor?.type === 'AuditAnchored' ? anchor.data.txHash : undefined;
    });
  });

  it('CSRD as JSON: credits cancelled, removal and standard shares, serial ranges, XRPL hashes, the covering seal', async () => {
    const response = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="csrd-report-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json"$/);
    const csrd = complianceReport.parse(await response.json());

    // 30 + 15 x 1 removals, 50 + 20 reductions.
    expect(csrd.retirements.totals).toEqual({ count: 18, tCO2e: 115 });
    expect(csrd.disclosure).toMatchObject({
      framework: 'csrd',
      reference: 'ESRS E1-7',
      creditsCancelledTCO2e: 115,
      removalsSharePercent: 39.13,
      reductionsSharePercent: 60.87,
      qualityStandards: [
        { standard: 'Gold Standard', count: 16, tCO2e: 65, sharePercent: 56.52 },
        { standard: 'Verra VCS', count: 1, tCO2e: 30, sharePercent: 26.09 },
        { standard: 'American Carbon Registry', count: 1, tCO2e: 20, sharePercent: 17.39 },
      ],
    });
    const month = new Date().toISOString().slice(0, 7);
    expect(csrd.retirements.byMonth).toEqual([{ month, count: 18, tCO2e: 115 }]);
    // Each reforestation issuance is two batches, the proponent's and the buffer pool's share: this suite's and the sandbox pool's.
    expect(csrd.issuance).toMatchObject({ batches: 5, tCO2e: 450 + POOL_CLAIMED });
    expect(csrd.issuance.byProjectType.map((row) => [row.projectType, row.mitigation, row.tCO2e])).toEqual([
      ['Solar Energy', 'reduction', 120],
      ['Reforestation', 'removal', 330 + POOL_CLAIMED],
    ]);

    const [first, second, third] = csrd.retirements.records;
    expect(first).toMatchObject({
      retirementId: retirementIds[0],
      beneficiary: 'Canopy Buyer',
      purpose: 'Scope 1 FY2026',
      projectName: 'Canopy Reforestation',
      projectType: 'Reforestation',
      mitigation: 'removal',
      quantity: 30,
      standard: 'Verra VCS',
      offsetType: 'reduction',
      serialRanges: [`NXCC-${removal}-000001 to NXCC-${removal}-000030`],
      xrpl: { status: 'settled', transactions: [{ purpose: 'retirement-memo', hash: expect.stringMatching(/^[0-9A-F]{64}$/) }] },
    });
    expect(first?.eventHash).toMatch(/^[0-9a-f]{64}$/);
    expect(second?.serialRanges).toEqual([`NXCC-${reduction}-000001 to NXCC-${reduction}-000050`]);
    expect(third?.serialRanges).toEqual([`NXCC-${reduction}-000051 to NXCC-${reduction}-000070`]);
    expect(csrd.retirements.records.at(-1)).toMatchObject({ beneficiary: `Customer ${SINGLE_RETIREMENTS}`, serialRanges: [`NXCC-${removal}-000045`] });

    expect(csrd.ledger).toMatchObject({ unsealedEvents: 0, seal: { sealNumber: 1, anchor: { txHash: anchorTxHash, network: 'sandbox' } } });
    // Five batches issued (the pool's vault batch and the two reforestation buffer batches among them), 18 retirements and their 18 settlements.
    expect(csrd.ledger.eventsUsed).toBe(5 + 18 + 18);
    const { sha256, ...body } = csrd;
    expect(sha256).toBe(createHash('sha256').update(canonicalJson(body)).digest('hex'));
  });

  it('ISSB and UN SDG: types of credit, and tCO2e and retirements per goal', async () => {
    const issb = await report({ framework: 'issb', format: 'json' });
    expect(issb.disclosure).toMatchObject({
      framework: 'issb',
      extent: { count: 18, tCO2e: 115 },
      creditTypes: [
        { mitigation: 'removal', count: 16, tCO2e: 45, sharePercent: 39.13 },
        { mitigation: 'reduction', count: 2, tCO2e: 70, sharePercent: 60.87 },
      ],
    });

    const sdg = await report({ framework: 'un-sdg' });
    expect(sdg.disclosure).toMatchObject({
      framework: 'un-sdg',
      goals: [
        { goal: 7, name: 'Affordable and Clean Energy', count: 2, tCO2e: 70 },
        { goal: 13, name: 'Climate Action', count: 18, tCO2e: 115 },
        { goal: 15, name: 'Life on Land', count: 16, tCO2e: 45 },
      ],
    });
  });

  it('takes the period into account: around today everything, another year nothing', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const around = await report({ framework: 'csrd', period: { from: day(-1), to: day(1) } });
    expect(around.retirements.totals).toEqual({ count: 18, tCO2e: 115 });
    expect(around.period).toEqual({ from: day(-1), to: day(1) });

    const empty = await report({ framework: 'csrd', period: { from: '2000-01-01', to: '2000-12-31' } });
    expect(empty.retirements).toMatchObject({ totals: { count: 0, tCO2e: 0 }, byMonth: [], byStandard: [], records: [] });
    expect(empty.disclosure).toMatchObject({ creditsCancelledTCO2e: 0, removalsSharePercent: 0, reductionsSharePercent: 0, qualityStandards: [] });
    expect(empty.issuance).toEqual({ batches: 0, tCO2e: 0, byProjectType: [] });
    expect(empty.ledger).toMatchObject({ eventsUsed: 0, unsealedEvents: 0 });
    expect(empty.ledger.eventsRead).toBeGreaterThan(40);
  });

  it('renders a multi-page PDF', async () => {
    const response = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd', format: 'pdf' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/filename="csrd-report-[\dT-]+Z\.pdf"$/);
    const pdf = await pdfText(new Uint8Array(await response.arrayBuffer()));
    const lines = pdf.text.split('\n');
    expect(pdf.pages).toBeGreaterThan(1);
    expect(lines).toContain('GHG removals and GHG mitigation projects financed through carbon credits');
    expect(lines).toContain('Disclosure: ESRS E1-7');
    expect(pdf.text).toContain(`NXCC-${removal}-000001 to NXCC-${removal}-000030`);
    expect(pdf.text).toContain(anchorTxHash);
    expect(pdf.pageTexts.at(-1)).toContain(`page ${pdf.pages} of ${pdf.pages}`);
  });

  it('refuses bad requests, traders and signed-out callers; compliance staff may generate', async () => {
    const bad = await auditor.request('POST', '/api/compliance/reports', { framework: 'ghg-protocol' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'ValidationFailed',
      message: expect.stringContaining('framework must be one of: csrd, issb, un-sdg'),
      details: [{ path: 'framework' }],
    });
    const reversed = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd', period: { from: '2026-12-01', to: '2026-01-01' } });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toMatchObject({ message: expect.stringContaining('The start of the period must not be after its end') });
    const badFormat = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd', format: 'docx' });
    expect(badFormat.status).toBe(400);

    expect((await trader.request('POST', '/api/compliance/reports', { framework: 'csrd' })).status).toBe(403);
    expect((await service.anonymous('POST', '/api/compliance/reports', { framework: 'csrd' })).status).toBe(401);
    const compliance = await service.signIn(['compliance']);
    expect((await compliance.request('POST', '/api/compliance/reports', { framework: 'un-sdg' })).status).toBe(200);
  });

  it('counts the cash of the period: the buyer’s deposit, and the trade’s notional and fee paid on the cash ledger (CSRD and ISSB notes, PDF)', async () => {
    await verifiedAddress(service, trader);
    await fundWithTestUsd(trader, '500.00');
    const vintage = Number(removal.split('-')[1]);
    const order = (type: 'buy' | 'sell', price: string) => ({ type, amount: 4, price, projectType: 'Reforestation', vintage });
    expect((await issuer.request('POST', '/api/orders', order('sell', '9.00'))).status).toBe(201);
    expect((await trader.request('POST', '/api/orders', order('buy', '10.00'))).status).toBe(201);

    // The buy crossed the resting ask at its price: 4 × 9.00 = 36.00 to the seller, 0.18 fee.
    const cash = { deposits: { count: 1, amount: '500.00' }, trades: { count: 1, notional: '36.00', fees: '0.18' }, tradesWithoutCash: 0 };
    await until('the trade to be in the report', async () => ((await report({ framework: 'csrd' })).cash.trades.count === 1 ? true : undefined));
    const csrd = await report({ framework: 'csrd' });
    expect(csrd.cash).toMatchObject(cash);
    const note = expect.stringContaining('36.00 USD to sellers in 1 trade, and 0.18 USD in platform fees');
    expect(csrd.disclosure.notes).toContainEqual(note);
    expect((await report({ framework: 'issb' })).disclosure.notes).toContainEqual(note);

    const pdf = await pdfText(
      new Uint8Array(await (await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd', format: 'pdf' })).arrayBuffer()),
    );
    expect(pdf.text).toContain('Trades paid in cash: 1, 36.00 USD to sellers, 0.18 USD in platform fees');
  });
});
