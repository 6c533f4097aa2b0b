import { createHash } from 'node:crypto';
import {
  ANCHORS_STREAM,
  type AuditAnchoredData,
  canonicalJson,
  complianceReport,
  type CreditProjectType,
  type CreditsIssued,
  type CreditsRetired,
  creditMarketStreamId,
  fundsStreamId,
  heldDepositStreamId,
  type LedgerSealedData,
  type RecordedEvent,
  SEALS_STREAM,
  type XrplSettlementRecorded,
} from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { buildComplianceReport } from './compliance-report.builder.js';

const generatedAt = new Date('2026-11-22T10:15:00.000Z');
const REFOREST = 'REFOREST-2025-AAAAAAAA';
const SOLAR = 'SOLAR-2026-BBBBBBBB';
const hex = (n: number): string => n.toString(16).toUpperCase().padStart(64, '0');
const ids = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Hand-made log: each event gets the next position and a recognisable hash. */
function log() {
  const events: RecordedEvent[] = [];
  const versions = new Map<string, bigint>();
  const append = (streamId: string, type: string, data: unknown, at: string): RecordedEvent => {
    const n = events.length + 1;
    const version = versions.get(streamId) ?? 0n;
    versions.set(streamId, version + 1n);
    const event: RecordedEvent = {
      streamId,
      streamVersion: version,
      eventId: ids(n),
      type,
      data,
      metadata: { commandId: ids(n), correlationId: ids(n), causationId: ids(n), actor: { userId: 'u-1', role: 'issuer' }, schemaVersion: 1, recordedAt: at },
      position: { commit: BigInt(n), prepare: BigInt(n) },
      hash: `hash-${n}`,
    };
    events.push(event);
    return event;
  };
  const market = (batchId: string): string => {
    const [code, vintage] = batchId.split('-');
    const type: CreditProjectType = code === 'SOLAR' ? 'Solar Energy' : 'Reforestation';
    return creditMarketStreamId(type, Number(vintage));
  };
  return {
    events,
    issued(batchId: string, projectType: CreditProjectType, quantity: number, at: string) {
      const data: CreditsIssued['data'] = {
        batchId,
        projectId: `P-${batchId}`,
        projectName: `${projectType} project`,
        projectType,
        description: '',
        vintage: Number(batchId.split('-')[1]),
        standard: 'Gold Standard',
        methodology: 'M',
        scopes: { scope1: 550, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
        quantity,
        serialPrefix: `NXCC-${batchId}`,
        accountId: 'acct-1',
        issuedBy: 'acct-1',
        xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        source: 'registry',
        issuedAt: at,
      };
      return append(market(batchId), 'CreditsIssued', data, at);
    },
    retired(n: number, batchId: string, ranges: [number, number][], at: string, extra: Partial<CreditsRetired['data']> = {}) {
      const data: CreditsRetired['data'] = {
        retirementId: ids(1000 + n),
        batchId,
        accountId: 'acct-1',
        quantity: ranges.reduce((sum, [start, end]) => sum + end - start + 1, 0),
        ranges: ranges.map(([start, end]) => ({ batchId, start, end })),
        beneficiary: `Beneficiary ${n}`,
        purpose: `Purpose ${n}`,
        standard: 'Gold Standard',
        offsetType: 'compensation',
        retiredBy: 'acct-1',
        retiredAt: at,
        ...extra,
      };
      return append(market(batchId), 'CreditsRetired', data, at);
    },
    settled(n: number, batchId: string, transactions: { purpose: string; hash: string }[], at: string) {
      const data: XrplSettlementRecorded['data'] = {
        subject: 'retirement',
        subjectId: ids(1000 + n),
        batchId,
        status: 'settled',
        transactions: transactions.map((transaction) => ({ ...transaction, result: 'tesSUCCESS' })),
        recordedAt: at,
      };
      return append(market(batchId), 'XrplSettlementRecorded', data, at);
    },
    sealed(sealNumber: number, to: RecordedEvent, at: string) {
      const data: LedgerSealedData = {
        sealNumber,
        fromPosition: null,
        toPosition: `${to.position.commit}:${to.position.prepare}`,
        eventCount: 1,
        merkleRoot: 'a'.repeat(64),
        prevSealHash: null,
        sealHash: 'b'.repeat(64),
        sealedAt: at,
      };
      return append(SEALS_STREAM, 'LedgerSealed', data, at);
    },
    anchored(sealNumber: number, txHash: string, at: string) {
      const data: AuditAnchoredData = { sealNumber, merkleRoot: 'a'.repeat(64), txHash, ledgerIndex: 7, network: 'sandbox', anchoredAt: at };
      return append(ANCHORS_STREAM, 'AuditAnchored', data, at);
    },
    other(at: string) {
      return append('order-1', 'OrderPlaced', {}, at);
    },
    cash(streamId: string, type: string, data: unknown, at: string) {
      return append(streamId, type, data, at);
    },
    traded(n: number, at: string, extra: { cash?: { notionalCents: number; feeCents: number; releasedCents: number }; settled?: boolean; kind?: string }) {
      const data = {
        tradeId: ids(2000 + n),
        kind: extra.kind ?? 'order-match',
        projectType: 'Solar Energy',
        vintage: 2026,
        buyOrderId: extra.cash ? ids(3000 + n) : null,
        sellOrderId: null,
        aggressor: null,
        buyerAccountId: 'buyer',
        sellerAccountId: 'seller',
        quantity: 2,
        price: '10.00',
        ranges: [{ batchId: SOLAR, start: n, end: n + 1 }],
        settlement: extra.settled ? { status: 'settled', txHash: hex(n) } : { status: 'pending' },
        ...(extra.cash ? { cash: extra.cash } : {}),
        executedAt: at,
      };
      return append(market(SOLAR), 'TradeExecuted', data, at);
    },
  };
}

/** A removal batch and a reduction batch, retired under two standards over three months. */
function twoProjects() {
  const given = log();
  given.issued(REFOREST, 'Reforestation', 100, '2026-01-05T09:00:00.000Z');
  given.issued(SOLAR, 'Solar Energy', 200, '2026-02-01T09:00:00.000Z');
  given.retired(1, REFOREST, [[1, 30]], '2026-01-10T10:00:00.000Z', { standard: 'Verra VCS', offsetType: 'reduction' });
  given.retired(2, SOLAR, [[1, 50]], '2026-01-20T10:00:00.000Z');
  given.other('2026-02-01T10:00:00.000Z');
  given.retired(
    3,
    SOLAR,
    [
      [51, 60],
      [70, 79],
    ],
    '2026-04-02T10:00:00.000Z',
  );
  return given;
}

describe('compliance report from the event log', () => {
  it('CSRD: totals, per month with empty months, removal and standard shares, serial ranges', () => {
    const given = twoProjects();

    const report = buildComplianceReport(given.events, 'csrd', {}, generatedAt);

    expect(complianceReport.parse(report)).toEqual(report);
    expect(report.retirements.totals).toEqual({ count: 3, tCO2e: 100 });
    expect(report.retirements.byMonth).toEqual([
      { month: '2026-01', count: 2, tCO2e: 80 },
      { month: '2026-02', count: 0, tCO2e: 0 },
      { month: '2026-03', count: 0, tCO2e: 0 },
      { month: '2026-04', count: 1, tCO2e: 20 },
    ]);
    expect(report.retirements.byMitigation).toEqual([
      { mitigation: 'removal', label: 'Nature-based removal', count: 1, tCO2e: 30, sharePercent: 30 },
      { mitigation: 'reduction', label: 'Emission reduction or avoidance', count: 2, tCO2e: 70, sharePercent: 70 },
    ]);
    expect(report.retirements.byStandard).toEqual([
      { standard: 'Gold Standard', count: 2, tCO2e: 70, sharePercent: 70 },
      { standard: 'Verra VCS', count: 1, tCO2e: 30, sharePercent: 30 },
    ]);
    expect(report.retirements.byOffsetType).toEqual([
      { offsetType: 'compensation', count: 2, tCO2e: 70, sharePercent: 70 },
      { offsetType: 'reduction', count: 1, tCO2e: 30, sharePercent: 30 },
    ]);
    expect(report.retirements.byVintage).toEqual([
      { vintage: 2025, count: 1, tCO2e: 30, sharePercent: 30 },
      { vintage: 2026, count: 2, tCO2e: 70, sharePercent: 70 },
    ]);
    expect(report.retirements.records[2]).toMatchObject({
      beneficiary: 'Beneficiary 3',
      purpose: 'Purpose 3',
      projectName: 'Solar Energy project',
      projectType: 'Solar Energy',
      mitigation: 'reduction',
      vintage: 2026,
      quantity: 20,
      serialRanges: [`NXCC-${SOLAR}-000051 to NXCC-${SOLAR}-000060`, `NXCC-${SOLAR}-000070 to NXCC-${SOLAR}-000079`],
      standard: 'Gold Standard',
      xrpl: { status: 'pending', transactions: [] },
      position: '6:6',
      eventHash: 'hash-6',
    });
    expect(report.issuance).toEqual({
      batches: 2,
      tCO2e: 300,
      byProjectType: [
        { projectType: 'Solar Energy', mitigation: 'reduction', batches: 1, tCO2e: 200 },
        { projectType: 'Reforestation', mitigation: 'removal', batches: 1, tCO2e: 100 },
      ],
    });
    expect(report.disclosure).toMatchObject({
      framework: 'csrd',
      reference: 'ESRS E1-7',
      creditsCancelledTCO2e: 100,
      removalsSharePercent: 30,
      reductionsSharePercent: 70,
      qualityStandards: report.retirements.byStandard,
    });
    expect(report.ledger).toMatchObject({ eventsRead: 6, firstPosition: '1:1', lastPosition: '6:6', eventsUsed: 5, seal: null, unsealedEvents: 5 });
  });

  it("prints each retirement's use and its batch's authorization, adjustment and labels, and totals per use", () => {
    const given = log();
    given.issued(REFOREST, 'Reforestation', 100, '2026-01-05T09:00:00.000Z');
    const claims = {
      authorized: true,
      authorizedUse: 'oimp' as const,
      adjustment: 'pending' as const,
      reportingPeriod: null,
      labels: ['CORSIA eligible' as const],
    };
    given.retired(1, REFOREST, [[1, 30]], '2026-01-10T10:00:00.000Z', { use: 'corsia', claims });
    given.retired(2, REFOREST, [[31, 40]], '2026-01-11T10:00:00.000Z');
    const report = buildComplianceReport(given.events, 'csrd', {}, generatedAt);
    expect(report.retirements.records.map((record) => [record.use, record.claims])).toEqual([
      ['corsia', claims],
      ['voluntary', null],
    ]);
    expect(report.retirements.byUse).toEqual([
      { use: 'corsia', count: 1, tCO2e: 30, sharePercent: 75 },
      { use: 'voluntary', count: 1, tCO2e: 10, sharePercent: 25 },
    ]);
  });

  it('ISSB: extent, certification schemes and the type of credit', () => {
    const report = buildComplianceReport(twoProjects().events, 'issb', {}, generatedAt);

    expect(report.title).toContain('IFRS S2');
    expect(report.disclosure).toMatchObject({
      framework: 'issb',
      extent: { count: 3, tCO2e: 100 },
      certificationSchemes: [
        { standard: 'Gold Standard', tCO2e: 70 },
        { standard: 'Verra VCS', tCO2e: 30 },
      ],
      creditTypes: [
        { mitigation: 'removal', tCO2e: 30, sharePercent: 30 },
        { mitigation: 'reduction', tCO2e: 70, sharePercent: 70 },
      ],
    });
  });

  it('UN SDG: each retirement counts towards every goal of its project type', () => {
    const report = buildComplianceReport(twoProjects().events, 'un-sdg', {}, generatedAt);

    expect(report.disclosure).toMatchObject({
      framework: 'un-sdg',
      goals: [
        { goal: 7, name: 'Affordable and Clean Energy', count: 2, tCO2e: 70 },
        { goal: 13, name: 'Climate Action', count: 3, tCO2e: 100 },
        { goal: 15, name: 'Life on Land', count: 1, tCO2e: 30 },
      ],
    });
  });

  it('takes only what falls in the period; a batch issued before it still names its retirements', () => {
    const given = twoProjects();

    const report = buildComplianceReport(given.events, 'csrd', { from: '2026-01-15', to: '2026-01-31' }, generatedAt);

    expect(report.period).toEqual({ from: '2026-01-15', to: '2026-01-31' });
    expect(report.retirements.totals).toEqual({ count: 1, tCO2e: 50 });
    expect(report.retirements.records.map((record) => record.beneficiary)).toEqual(['Beneficiary 2']);
    expect(report.issuance).toEqual({ batches: 0, tCO2e: 0, byProjectType: [] });
    // A bare end date covers the whole day.
    const lastDay = buildComplianceReport(given.events, 'csrd', { from: '2026-04-02', to: '2026-04-02' }, generatedAt);
    expect(lastDay.retirements.totals).toEqual({ count: 1, tCO2e: 20 });
  });

  it('gives zeros for a period with nothing in it', () => {
    const report = buildComplianceReport(twoProjects().events, 'un-sdg', { from: '2025-01-01', to: '2025-12-31' }, generatedAt);

    expect(report.retirements).toMatchObject({ totals: { count: 0, tCO2e: 0 }, byMonth: [], byStandard: [], records: [] });
    expect(report.retirements.byMitigation.map((row) => [row.tCO2e, row.sharePercent])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(report.disclosure).toMatchObject({ goals: [{ goal: 13, count: 0, tCO2e: 0 }] });
    expect(report.ledger).toMatchObject({ eventsRead: 6, eventsUsed: 0, unsealedEvents: 0 });
  });

  it('adds the XRPL transactions of a settled retirement, and the burn of one retired on XRPL', () => {
    const given = twoProjects();
    given.settled(
      1,
      REFOREST,
      [
        { purpose: 'retirement-memo', hash: hex(1) },
        { purpose: 'nft-burn', hash: hex(2) },
      ],
      '2026-05-01T00:00:00.000Z',
    );
    given.retired(4, SOLAR, [[100, 100]], '2026-05-02T00:00:00.000Z', { burnTxHash: hex(3) });
    given.settled(4, SOLAR, [{ purpose: 'burn', hash: hex(3) }], '2026-05-02T00:00:01.000Z');

    const report = buildComplianceReport(given.events, 'csrd', { to: '2026-05-02' }, generatedAt);

    const [first, , , fourth] = report.retirements.records;
    expect(first?.xrpl).toEqual({
      status: 'settled',
      transactions: [
        { purpose: 'retirement-memo', hash: hex(1) },
        { purpose: 'nft-burn', hash: hex(2) },
      ],
    });
    expect(fourth?.xrpl).toEqual({ status: 'settled', transactions: [{ purpose: 'burn', hash: hex(3) }] });
    expect(fourth?.serialRanges).toEqual([`NXCC-${SOLAR}-000100`]);
    // A settlement recorded after the period still belongs to a retirement inside it.
    const january = buildComplianceReport(given.events, 'csrd', { to: '2026-01-31' }, generatedAt);
    expect(january.retirements.records[0]?.xrpl.status).toBe('settled');
  });

  it('names the seal that covers the events used and its anchor, or counts the events no seal covers', () => {
    const given = twoProjects();
    const lastUsed = given.events.at(-1)!;
    given.sealed(1, given.events[0]!, '2026-04-03T00:00:00.000Z');
    given.sealed(2, lastUsed, '2026-04-04T00:00:00.000Z');
    given.anchored(2, hex(9), '2026-04-04T00:00:01.000Z');
    given.sealed(3, given.events.at(-1)!, '2026-04-05T00:00:00.000Z');

    const sealed = buildComplianceReport(given.events, 'csrd', {}, generatedAt);
    expect(sealed.ledger).toMatchObject({
      eventsUsed: 5,
      unsealedEvents: 0,
      seal: { sealNumber: 2, toPosition: '6:6', merkleRoot: 'a'.repeat(64), anchor: { txHash: hex(9), network: 'sandbox', ledgerIndex: 7 } },
    });

    given.retired(5, SOLAR, [[150, 151]], '2026-04-06T00:00:00.000Z');
    given.other('2026-04-07T00:00:00.000Z');
    const partly = buildComplianceReport(given.events, 'csrd', {}, generatedAt);
    expect(partly.ledger).toMatchObject({ eventsUsed: 6, unsealedEvents: 1, seal: { sealNumber: 3, anchor: null } });
  });

  it('hashes the canonical document without its sha256, the same log giving the same hash', () => {
    const given = twoProjects();

    const report = buildComplianceReport(given.events, 'csrd', {}, generatedAt);

    const { sha256, ...body } = report;
    expect(sha256).toBe(createHash('sha256').update(canonicalJson(body)).digest('hex'));
    expect(buildComplianceReport(given.events, 'csrd', {}, generatedAt).sha256).toBe(sha256);
    expect(buildComplianceReport(given.events, 'issb', {}, generatedAt).sha256).not.toBe(sha256);
  });

  it('counts the period’s cash: deposits, withdrawals paid out, held payments and those returned, trades paid in cash, on XRPL or not at all; the CSRD and ISSB notes say it', () => {
    const given = twoProjects();
    const user = fundsStreamId('buyer');
    const inPeriod = '2026-03-01T00:00:00.000Z';
    given.cash(user, 'FundsDeposited', { depositId: ids(1), userId: 'buyer', amountCents: 150_000, txHash: hex(1), depositedAt: inPeriod }, inPeriod);
    given.cash(
      user,
      'FundsDeposited',
      { depositId: ids(2), userId: 'buyer', amountCents: 99, txHash: hex(2), depositedAt: '2025-12-31T23:59:59.000Z' },
      inPeriod,
    );
    given.cash(user, 'WithdrawalRequested', { withdrawalId: ids(3), userId: 'buyer', amountCents: 1_000, destination: 'rX', requestedAt: inPeriod }, inPeriod);
    given.cash(user, 'WithdrawalPosted', { withdrawalId: ids(3), txHash: hex(3), postedAt: inPeriod }, inPeriod);
    given.cash(user, 'WithdrawalRequested', { withdrawalId: ids(4), userId: 'buyer', amountCents: 500, destination: 'rX', requestedAt: inPeriod }, inPeriod);
    given.cash(user, 'WithdrawalVoided', { withdrawalId: ids(4), reason: 'tecPATH_DRY', voidedAt: inPeriod }, inPeriod);
    given.cash(
      heldDepositStreamId(hex(5)),
      'DepositHeld',
      { txHash: hex(5), sender: 'rSender', amountCents: 2_500, currency: 'USD', issuer: 'rIssuer', ledgerIndex: 9, reason: 'missing-tag', heldAt: inPeriod },
      inPeriod,
    );
    // Returned to its sender on the second attempt: the refused first one moved nothing.
    const held = heldDepositStreamId(hex(5));
    const refund = (attempt: number) => ({
      txHash: hex(5),
      attempt,
      destination: 'rSender',
      amountCents: 2_500,
      requestedBy: 'officer',
      requestedAt: inPeriod,
    });
    given.cash(held, 'HeldDepositRefundRequested', refund(1), inPeriod);
    given.cash(
      held,
      'HeldDepositRefundFailed',
      { txHash: hex(5), attempt: 1, reason: 'the payment failed on the ledger: tecDST_TAG_NEEDED', failedAt: inPeriod },
      inPeriod,
    );
    given.cash(held, 'HeldDepositRefundRequested', refund(2), inPeriod);
    given.cash(held, 'HeldDepositRefunded', { txHash: hex(5), attempt: 2, refundTxHash: hex(6), refundedAt: inPeriod }, inPeriod);
    given.traded(1, inPeriod, { cash: { notionalCents: 2_000, feeCents: 10, releasedCents: 0 } });
    given.traded(2, inPeriod, { cash: { notionalCents: 1_999, feeCents: 10, releasedCents: 1 } });
    given.traded(3, inPeriod, { kind: 'direct' });
    given.traded(4, inPeriod, { kind: 'xrpl-amm', settled: true });

    const period = { from: '2026-01-01', to: '2026-12-31' };
    const csrd = buildComplianceReport(given.events, 'csrd', period, generatedAt);

    expect(complianceReport.parse(csrd)).toEqual(csrd);
    expect(csrd.cash).toEqual({
      currency: 'USD',
      deposits: { count: 1, amount: '1500.00' },
      withdrawals: { count: 1, amount: '10.00' },
      heldDeposits: { count: 1, amount: '25.00' },
      refundedDeposits: { count: 1, amount: '25.00' },
      trades: { count: 2, notional: '39.99', fees: '0.20' },
      tradesPaidOnXrpl: 1,
      tradesWithoutCash: 1,
    });
    const note =
      'Credits traded in the period were paid for on the platform’s cash ledger: 39.99 USD to sellers in 2 trades, and 0.20 USD in platform fees; ' +
      '1 swap was paid in XRP on the XRP Ledger; 1 trade moved credits with no payment recorded (direct registry transfers). ' +
      'Deposits 1500.00 USD, withdrawals 10.00 USD, held for review 25.00 USD, returned to their senders 25.00 USD.';
    expect(csrd.disclosure.notes).toContain(note);
    expect(buildComplianceReport(given.events, 'issb', period, generatedAt).disclosure.notes).toContain(note);
    // Retirements and issuances (5) plus the deposit, the posted withdrawal, the held payment, its refund and four trades.
    expect(csrd.ledger.eventsUsed).toBe(13);
  });

  it('shows cancellations and reversals apart: never counted as retired, the shortfall stated', () => {
    const given = log();
    given.issued(REFOREST, 'Reforestation', 100, '2026-02-01T00:00:00.000Z');
    given.retired(1, REFOREST, [[1, 10]], '2026-03-01T00:00:00.000Z');
    const cancel = (n: number, reason: string, quantity: number, start: number) =>
      given.cash(
        creditMarketStreamId('Reforestation', 2025),
        'CreditsCancelled',
        {
          cancellationId: ids(4000 + n),
          batchId: REFOREST,
          accountId: 'acct-1',
          quantity,
          ranges: [{ batchId: REFOREST, start, end: start + quantity - 1 }],
          reason,
          note: '',
          cancelledBy: 'registry',
          byRegistry: reason !== 'voluntary',
          cancelledAt: '2026-03-02T00:00:00.000Z',
        },
        '2026-03-02T00:00:00.000Z',
      );
    cancel(1, 'voluntary', 5, 11);
    cancel(2, 'reversal', 20, 16);
    cancel(3, 'omge', 2, 36);
    given.cash(
      'project-P-1',
      'ReversalRecorded',
      { projectId: 'P-1', reversalId: ids(5001), quantity: 30, cause: 'Fire', documents: [], recordedBy: 'registry', recordedAt: '2026-03-02T00:00:00.000Z' },
      '2026-03-02T00:00:00.000Z',
    );
    given.cash(
      'project-P-1',
      'ReversalCovered',
      { projectId: 'P-1', reversalId: ids(5001), covered: 20, shortfall: 10, cancellations: [], coveredAt: '2026-03-02T00:00:00.000Z' },
      '2026-03-02T00:00:00.000Z',
    );
    for (const framework of ['csrd', 'issb', 'un-sdg'] as const) {
      const report = complianceReport.parse(buildComplianceReport(given.events, framework, {}, generatedAt));
      expect(report.retirements.totals).toEqual({ count: 1, tCO2e: 10 });
      expect(report.cancellations).toEqual({
        totals: { count: 3, tCO2e: 27 },
        byReason: [
          { reason: 'voluntary', count: 1, tCO2e: 5 },
          { reason: 'omge', count: 1, tCO2e: 2 },
          { reason: 'reversal', count: 1, tCO2e: 20 },
        ],
      });
      expect(report.reversals).toEqual({ count: 1, lostTCO2e: 30, coveredTCO2e: 20, shortfallTCO2e: 10, pending: 0 });
      expect(report.disclosure.notes).toEqual(
        expect.arrayContaining([
          '27 tCO2e were cancelled without a claim in 3 cancellations (5 Voluntary cancellation (no claim), 2 Article 6.4 OMGE, 20 Reversal (buffer pool)); they are not retirements and are not counted above.',
          '30 tCO2e were reversed in 1 reversals: the buffer pool covered 20, 10 could not be covered.',
        ]),
      );
    }
    const csrd = buildComplianceReport(given.events, 'csrd', {}, generatedAt);
    expect(csrd.disclosure.framework === 'csrd' && csrd.disclosure.creditsCancelledTCO2e).toBe(10);
  });
});
