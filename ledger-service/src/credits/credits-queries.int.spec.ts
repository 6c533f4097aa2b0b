import { createHash, randomUUID } from 'node:crypto';
import {
  ammDailyPricesResponse,
  creditMarketStreamId,
  type CreditEvent,
  getRetirementResponse,
  listCreditsResponse,
  listHoldingsResponse,
  listRetirementsResponse,
  listTradesResponse,
  metricsResponse,
  newCreditMessage,
  newTradeMessage,
  type OrderEvent,
  type Position,
  provenanceResponse,
  retirementAnalytics,
  retirementsPerMonth,
  serialNumbersData,
  socketEvents,
  type XrplActionEvent,
  xrplActionStreamId,
  type ProjectionName,
} from '@carbon-ledger/contracts';
import { io, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ammSwap,
  appendAndProject,
  creditsIssued,
  getJson,
  minutesAgo,
  REFORESTATION_BATCH,
  reforestationOrder as order,
  reforestationTrade as trade,
} from '../test-support/read-side.js';
import { POOL_CLAIMED, poolBackingBatch, poolBufferBatch } from '../test-support/pool-backing.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { pdfText } from '../test-support/pdf-text.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';

const TOKEN = REFORESTATION_BATCH;
const WIND_TOKEN = 'WIND-2024-0000BBBB';
const MARKET = creditMarketStreamId('Reforestation', 2023);
const WIND_MARKET = creditMarketStreamId('Wind Energy', 2024);
const PREFIX = `NXCC-${TOKEN}`;
const VIEWS: readonly ProjectionName[] = ['credit-registry', 'credit-trades', 'credit-retirements', 'order-book'];
const HASH = (digit: string): string => digit.repeat(64);

function retired(accountId: string, quantity: number, start: number, beneficiary: string, retiredAt: string, retirementId = randomUUID()): CreditEvent {
  return {
    type: 'CreditsRetired',
    data: {
      retirementId,
      batchId: TOKEN,
      accountId,
      quantity,
      ranges: [{ batchId: TOKEN, start, end: start + quantity - 1 }],
      beneficiary,
      purpose: 'FY2025 travel emissions',
      standard: 'Gold Standard',
      offsetType: 'compensation',
      retiredBy: accountId,
      retiredAt,
    },
  };
}

/** An independent CIDv1 (raw, sha2-256, base32) of a document's canonical JSON. */
function expectedCid(document: unknown): string {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortKeys)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
          )
        : value;
  const digest = createHash('sha256')
    .update(JSON.stringify(sortKeys(document)))
    .digest();
  const bits = [...Buffer.concat([Buffer.from([1, 0x55, 0x12, 0x20]), digest])].map((byte) => byte.toString(2).padStart(8, '0')).join('');
  const padded = bits.padEnd(Math.ceil(bits.length / 5) * 5, '0');
  return `b${padded
    .match(/.{5}/g)!
    .map((chunk) => 'abcdefghijklmnopqrstuvwxyz234567'[Number.parseInt(chunk, 2)])
    .join('')}`;
}

describe('credit read side over HTTP', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  /** The vault batch behind the sandbox pool's opening NXCC. */
  let poolToken: string;
  let seller: SignedInClient;
  let buyer: SignedInClient;
  let auditor: SignedInClient;
  const bigRetirement = randomUUID();
  const buyerRetirement = randomUUID();

  const append = (streamId: string, events: readonly (CreditEvent | OrderEvent | XrplActionEvent)[]): Promise<Position> =>
    appendAndProject(service, VIEWS, streamId, events);

  beforeAll(async () => {
    // The sandbox pool's opening NXCC are backed by a batch in the vault: a registry batch like any other.
    await service.app.get(XrplConnection).ready;
    poolToken = await poolBackingBatch(service);
    [seller, buyer, auditor] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader']), service.signIn(['auditor'])]);
    const sell1 = randomUUID();
    const buy1 = randomUUID();
    await append(MARKET, [creditsIssued(TOKEN, 2000, seller.userId, 'Reforestation', 2023)]);
    await append(WIND_MARKET, [creditsIssued(WIND_TOKEN, 50, buyer.userId, 'Wind Energy', 2024, 59)]);
    await append(MARKET, [
      order(sell1, seller.userId, 'sell', 100, '10.00', [1, 100]),
      order(randomUUID(), seller.userId, 'sell', 50, '10.00', [101, 150]),
      order(randomUUID(), seller.userId, 'sell', 20, '12.00', [151, 170]),
    ]);
    await append(MARKET, [
      order(buy1, buyer.userId, 'buy', 30, '10.00'),
      trade('order-match', buyer.userId, seller.userId, 30, '10.00', 1, 40, { buy: buy1, sell: sell1 }),
    ]);
    await append(MARKET, [order(randomUUID(), buyer.userId, 'buy', 40, '9.50'), trade('direct', buyer.userId, seller.userId, 10, '11.00', 171, 30, null)]);
    await append(MARKET, [
      retired(seller.userId, 1500, 181, 'Acme Corp', minutesAgo(20), bigRetirement),
      retired(buyer.userId, 5, 1, 'Buyer Ltd', minutesAgo(10), buyerRetirement),
      // Recorded now, dated a month back: only the longer analytics windows count it.
      retired(buyer.userId, 3, 6, 'Buyer Ltd', new Date(Date.now() - 30 * 86_400_000).toISOString()),
    ]);
    for (const [hash, creditId] of [
      [HASH('E'), TOKEN],
      [HASH('F'), 'NXCC'],
    ] as const) {
      await append(xrplActionStreamId(hash), [ammSwap(hash, buyer.userId, creditId)]);
    }
  });

  it('refuses signed-out callers on every endpoint but the public certificate', async () => {
    for (const path of [
      '/api/credits',
      '/api/trades',
      '/api/xrpl/amm-daily',
      '/api/retirements',
      '/api/metrics',
      '/api/enhanced-retirement/analytics',
      '/api/enhanced-retirement/analytics/7d',
      '/api/enhanced-retirement/monthly',
      `/api/provenance/${TOKEN}`,
    ]) {
      expect((await service.anonymous('GET', path)).status, path).toBe(401);
    }
    expect((await service.anonymous('GET', `/api/retirements/${bigRetirement}`)).status).toBe(200);
    expect((await service.anonymous('GET', `/api/retirements/${bigRetirement}/certificate.pdf`)).status).toBe(200);
  });

  it('lists every batch and the caller’s holdings, adjacent blocks read as one range', async () => {
    const answer = listCreditsResponse.parse(await getJson(buyer, '/api/credits'));
    expect(answer.accountId).toBe(buyer.userId);
    expect(answer.credits.map((batch) => batch.tokenId).sort()).toEqual([poolToken, await poolBufferBatch(service), TOKEN, WIND_TOKEN].sort());
    expect(answer.credits.find((batch) => batch.tokenId === TOKEN)).toMatchObject({
      quantity: 2000,
      retired: 1508,
      tradable: 492,
      firstSerial: `${PREFIX}-000001`,
      lastSerial: `${PREFIX}-002000`,
      projectType: 'Reforestation',
    });
    const holdings = Object.fromEntries(answer.holdings.map((holding) => [holding.tokenId, holding]));
    expect(holdings[TOKEN]).toMatchObject({
      tradable: 32,
      reserved: 0,
      serialRanges: [`${PREFIX}-000009 to ${PREFIX}-000030`, `${PREFIX}-000171 to ${PREFIX}-000180`],
    });
    expect(holdings[WIND_TOKEN]).toMatchObject({ tradable: 50, reserved: 0 });

    const sellers = listCreditsResponse.parse(await getJson(seller, '/api/credits'));
    expect(sellers.holdings).toEqual([
      expect.objectContaining({
        tokenId: TOKEN,
        tradable: 320,
        reserved: 140,
        serialRanges: [`${PREFIX}-000031 to ${PREFIX}-000170`, `${PREFIX}-001681 to ${PREFIX}-002000`],
      }),
    ]);
  });

  it("pages the caller's holdings, keeps only the tradable ones when asked, and searches token ids and project names", async () => {
    const first = listHoldingsResponse.parse(await getJson(buyer, '/api/credits/holdings?limit=1'));
    expect(first.accountId).toBe(buyer.userId);
    expect(first.holdings).toHaveLength(1);
    const second = listHoldingsResponse.parse(await getJson(buyer, `/api/credits/holdings?limit=1&cursor=${first.nextCursor!}`));
    expect(second.nextCursor).toBeNull();
    // Newest issued first: the Wind batch came after the Reforestation one.
    expect([...first.holdings, ...second.holdings].map((holding) => holding.tokenId)).toEqual([WIND_TOKEN, TOKEN]);
    // /api/credits answers the same first page, with where the rest goes on.
    const credits = listCreditsResponse.parse(await getJson(buyer, '/api/credits?limit=1'));
    expect(credits.holdings).toEqual(first.holdings);
    expect(credits.holdingsNextCursor).toBe(first.nextCursor);

    // The seller's reforestation holding is partly reserved for open sell orders: still tradable.
    const tradable = listHoldingsResponse.parse(await getJson(seller, '/api/credits/holdings?only=tradable'));
    expect(tradable.holdings.map((holding) => [holding.tokenId, holding.tradable, holding.reserved])).toEqual([[TOKEN, 320, 140]]);

    for (const [search, expected] of [
      ['wind', [WIND_TOKEN]],
      [TOKEN.toLowerCase(), [TOKEN]],
      ['  WIND-2024  ', [WIND_TOKEN]],
      ['%', []],
      ['_', []],
      ["'; drop table credit_holdings; --", []],
    ] as const) {
      const found = listHoldingsResponse.parse(await getJson(buyer, `/api/credits/holdings?search=${encodeURIComponent(search)}`));
      expect(
        found.holdings.map((holding) => holding.tokenId),
        search,
      ).toEqual(expected);
    }
    // Another account's holdings are never answered: the auditor holds nothing.
    expect(listHoldingsResponse.parse(await getJson(auditor, '/api/credits/holdings')).holdings).toEqual([]);

    for (const [query, message] of [
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
      ['only=reserved', 'only must be tradable'],
      [`cursor=${encodeURIComponent(credits.nextCursor ?? 'x')}`, 'cursor is not a cursor of this list: start again without one'],
    ] as const) {
      const refused = await buyer.request('GET', `/api/credits/holdings?${query}`);
      expect(refused.status, query).toBe(400);
      expect(await refused.json()).toMatchObject({ error: 'ValidationFailed', message });
    }
    expect((await service.anonymous('GET', '/api/credits/holdings')).status).toBe(401);
  });

  it('gives the XRPL AMM price history per UTC day from the trades read model, registry trades left out', async () => {
    const { days } = ammDailyPricesResponse.parse(await getJson(buyer, '/api/xrpl/amm-daily'));
    // Both swaps were executed five minutes ago: one day (two across midnight UTC), 8 credits at 2.50 XRP.
    expect(days.reduce((sum, entry) => sum + entry.volume, 0)).toBe(8);
    expect(days.reduce((sum, entry) => sum + entry.swaps, 0)).toBe(2);
    for (const entry of days) expect(Number(entry.averagePrice)).toBe(2.5);
    expect(days.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
  });

  it('lists trades newest first, XRPL swaps included (an NXCC swap outside a registry market has no vintage)', async () => {
    const { trades } = listTradesResponse.parse(await getJson(buyer, '/api/trades'));
    expect(trades.map((trade) => [trade.kind, trade.quantity, trade.price, trade.side])).toEqual([
      ['xrpl-amm', 4, '2.50', 'BUY'],
      ['xrpl-amm', 4, '2.50', 'BUY'],
      ['direct', 10, '11.00', 'BUY'],
      ['order-match', 30, '10.00', 'BUY'],
    ]);
    expect(trades[1]).toMatchObject({ settlement: { status: 'settled', txHash: HASH('E') }, sellerAccountId: 'rSeller', serialRanges: [] });
    expect(trades.filter((trade) => trade.vintage === null).map((trade) => trade.projectType)).toEqual(['NXCC']);
    expect(trades[3]!.serialRanges).toEqual([`${PREFIX}-000001 to ${PREFIX}-000030`]);
  });

  it('lists retirement records with the spec’s JSON-text fields; serial numbers are capped at 1,000', async () => {
    const { retirements } = listRetirementsResponse.parse(await getJson(buyer, '/api/retirements'));
    expect(retirements).toHaveLength(3);
    const big = retirements.find((record) => record.id === bigRetirement)!;
    expect(big).toMatchObject({
      tokenId: TOKEN,
      registryId: TOKEN,
      registryLink: `/retirements/${bigRetirement}`,
      projectName: 'Green Valley Reforestation',
      amount: 1500,
      beneficiary: 'Acme Corp',
      standard: 'Gold Standard',
      offsetType: 'compensation',
    });
    expect(big.ipfsCid).toMatch(/^bafkrei[a-z2-7]{52}$/);
    const serials = serialNumbersData.parse(JSON.parse(big.serialNumbers));
    expect(serials.numbers).toHaveLength(1000);
    expect(serials.numbers[0]).toBe(`${PREFIX}-000181`);
    expect(serials).toMatchObject({ range: `${PREFIX}-000181 to ${PREFIX}-001680`, prefix: PREFIX });
    expect(serials.suffix).toContain('1000 of 1500');
    expect(JSON.parse(big.certificateData)).toMatchObject({ type: 'VERs', creditType: 'Reforestation', methodology: 'AR-ACM0003' });
    expect(JSON.parse(big.sdgImpact)).toMatchObject({ projectType: 'Reforestation', sdgs: [13, 15] });
    const small = retirements.find((record) => record.id === buyerRetirement)!;
    expect(JSON.parse(small.serialNumbers)).toMatchObject({ numbers: [1, 2, 3, 4, 5].map((n) => `${PREFIX}-00000${n}`), suffix: '' });
  });

  it('serves one retirement publicly with its certificate document, whose CID anyone can recompute, and the covering seal', async () => {
    const before = getRetirementResponse.parse(await (await service.anonymous('GET', `/api/retirements/${bigRetirement}`)).json());
    expect(before.verification.seal).toBeNull();
    expect(before.ipfsCid).toBe(expectedCid(before.certificate));
    expect(before.certificate).toMatchObject({
      beneficiary: 'Acme Corp',
      quantity: 1500,
      vintage: 2023,
      serialRanges: [`${PREFIX}-000181 to ${PREFIX}-001680`],
    });

    expect((await auditor.request('POST', '/api/audit/seals')).status).toBe(201);
    const after = getRetirementResponse.parse(await (await service.anonymous('GET', `/api/retirements/${bigRetirement}`)).json());
    expect(after.verification.seal).toMatchObject({ sealNumber: 1, fromPosition: null });
    expect(after.ipfsCid).toBe(before.ipfsCid);

    const pdf = await service.anonymous('GET', `/api/retirements/${bigRetirement}/certificate.pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const { text, pages } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages).toBe(1);
    for (const shown of [
      'Acme Corp',
      'Green Valley Reforestation',
      'Vintage:',
      '2023',
      `${PREFIX}-000181 to ${PREFIX}-001680`,
      'Seal #1',
      after.verification.seal!.merkleRoot,
      `Verify at ${service.baseUrl}/retirements/${bigRetirement}`,
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('answers 404 for an unknown retirement and 400 for a malformed id', async () => {
    const missing = await service.anonymous('GET', `/api/retirements/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'NotFound' });
    expect((await service.anonymous('GET', `/api/retirements/${randomUUID()}/certificate.pdf`)).status).toBe(404);
    const malformed = await service.anonymous('GET', '/api/retirements/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  it('sums retirements by window, project type and standard; an unknown filter is 400', async () => {
    expect(retirementAnalytics.parse(await getJson(buyer, '/api/enhanced-retirement/analytics'))).toEqual({
      filter: 'all',
      totalRetired: 1508,
      retirementCount: 3,
      projectTypes: { Reforestation: 1508 },
      standards: { 'Gold Standard': 1508 },
      sdgGoals: [13, 15],
    });
    expect(retirementAnalytics.parse(await getJson(buyer, '/api/enhanced-retirement/analytics/7d'))).toMatchObject({ totalRetired: 1505, retirementCount: 2 });
    expect(retirementAnalytics.parse(await getJson(buyer, '/api/enhanced-retirement/analytics/90d'))).toMatchObject({ totalRetired: 1508, retirementCount: 3 });
    const refused = await buyer.request('GET', '/api/enhanced-retirement/analytics/fortnight');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  it('sums retirements per UTC month over the last 12 months in PostgreSQL, empty months as 0', async () => {
    const { months } = retirementsPerMonth.parse(await getJson(auditor, '/api/enhanced-retirement/monthly'));
    const monthOf = (date: Date): string => date.toISOString().slice(0, 7);
    expect(months).toHaveLength(12);
    expect(months.at(-1)?.month).toBe(monthOf(new Date()));
    expect(months.map((entry) => entry.month)).toEqual([...months.map((entry) => entry.month)].sort());
    expect(months.reduce((sum, entry) => sum + entry.retired, 0)).toBe(1508);
    expect(months.reduce((sum, entry) => sum + entry.retirementCount, 0)).toBe(3);
    // The retirement dated a month back lands in its own month (or shares it with the recent ones early in a long month).
    const monthBack = months.find((entry) => entry.month === monthOf(new Date(Date.now() - 30 * 86_400_000)));
    expect(monthBack?.retired).toBeGreaterThanOrEqual(3);
    expect(months.filter((entry) => entry.retired === 0).length).toBeGreaterThanOrEqual(10);
  });

  it('reports registry totals, the caller’s portfolio at the last registry trade price and recent activity', async () => {
    const mine = metricsResponse.parse(await getJson(buyer, '/api/metrics'));
    // 32 unretired reforestation credits at the last trade price of their market ($11.00); the wind batch has no trades.
    expect(mine).toMatchObject({ totalCredits: 2050 + POOL_CLAIMED, retiredCredits: 1508, co2Impact: 1508, portfolioValue: 352 });
    expect(metricsResponse.parse(await getJson(seller, '/api/metrics')).portfolioValue).toBe(460 * 11);
    expect(metricsResponse.parse(await getJson(auditor, '/api/metrics')).portfolioValue).toBe(0);
    // The pool's vault batch was issued just now, after this test's back-dated events.
    const activity = mine.recentActivity.filter((item) => !item.description.includes('pool liquidity'));
    const types = activity.map((item) => item.type);
    expect(types.slice(0, 4)).toEqual(['trade', 'trade', 'retirement', 'retirement']);
    expect(mine.recentActivity.length).toBeLessThanOrEqual(20);
    expect(mine.recentActivity.map((item) => item.timestamp)).toEqual(
      mine.recentActivity
        .map((item) => item.timestamp)
        .sort()
        .reverse(),
    );
    expect(activity.filter((item) => item.type === 'issuance')).toEqual([
      expect.objectContaining({ description: 'Issued 50 Wind Energy credits of Coastal Wind (vintage 2024)', amount: 50 }),
      expect.objectContaining({ description: 'Issued 2000 Reforestation credits of Green Valley Reforestation (vintage 2023)', amount: 2000 }),
    ]);
  });

  it('traces a batch from the event log, each entry with its hash and covering seal', async () => {
    const answer = provenanceResponse.parse(await getJson(auditor, `/api/provenance/${TOKEN}`));
    expect(answer.summary).toEqual({ issued: 2000, tradable: 352, reserved: 140, retired: 1508, cancelled: 0 });
    expect(answer.batch.tokenId).toBe(TOKEN);
    const registry = answer.entries.filter((entry) => entry.kind !== 'xrpl');
    expect(registry.map((entry) => [entry.kind, entry.quantity])).toEqual([
      ['issuance', 2000],
      ['escrow', 100],
      ['escrow', 50],
      ['escrow', 20],
      ['transfer', 30],
      ['transfer', 10],
      ['retirement', 1500],
      ['retirement', 5],
      ['retirement', 3],
    ]);
    expect(registry[4]).toMatchObject({ fromAccountId: seller.userId, toAccountId: buyer.userId, serialRanges: [`${PREFIX}-000001 to ${PREFIX}-000030`] });
    const stream = await service.runtime.eventStore.readStream(MARKET);
    for (const entry of answer.entries) {
      const event = stream.find((recorded) => recorded.eventId === entry.eventId)!;
      expect(entry.eventHash).toBe(event.hash);
      expect(entry.position).toBe(`${event.position.commit}:${event.position.prepare}`);
    }
    // Sealed by the previous test: every registry entry is covered by seal 1.
    expect(registry.every((entry) => entry.seal?.sealId === 'seal-1')).toBe(true);
  });

  it('answers 404 for a well-formed token the registry does not have and 400 for a malformed one', async () => {
    const missing = await auditor.request('GET', '/api/provenance/SOLAR-2025-DEADBEEF');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'NotFound', message: 'No credits found for token SOLAR-2025-DEADBEEF' });
    expect((await auditor.request('GET', '/api/provenance/XYZ-2025-DEADBEEF')).status).toBe(404);
    const malformed = await auditor.request('GET', '/api/provenance/not-a-token');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  it('pushes newCredit and newTrade to signed-in sockets for what the projections commit', async () => {
    const socket: Socket = io(service.baseUrl, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie: buyer.cookie } });
    const credits: unknown[] = [];
    const trades: unknown[] = [];
    socket.on(socketEvents.newCredit, (message: unknown) => credits.push(message));
    socket.on(socketEvents.newTrade, (message: unknown) => trades.push(message));
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const token = 'WIND-2024-0000CCCC';
      await append(WIND_MARKET, [creditsIssued(token, 7, seller.userId, 'Wind Energy', 2024, 0)]);
      const tradeId = randomUUID();
      await append(WIND_MARKET, [
        {
          type: 'TradeExecuted',
          data: {
            tradeId,
            kind: 'direct',
            projectType: 'Wind Energy',
            vintage: 2024,
            buyOrderId: null,
            sellOrderId: null,
            aggressor: null,
            buyerAccountId: buyer.userId,
            sellerAccountId: seller.userId,
            quantity: 2,
            price: '15.00',
            ranges: [{ batchId: token, start: 1, end: 2 }],
            settlement: { status: 'pending' },
            executedAt: new Date().toISOString(),
          },
        },
      ]);
      const deadline = Date.now() + 5_000;
      while ((credits.length === 0 || trades.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(credits.map((message) => newCreditMessage.parse(message))).toEqual([
        expect.objectContaining({ tokenId: token, creditAmount: 7, projectName: 'Coastal Wind', projectType: 'Wind Energy', projection: 'credit-registry' }),
      ]);
      expect(trades.map((message) => newTradeMessage.parse(message))).toEqual([
        expect.objectContaining({ tradeId, kind: 'direct', amount: 2, price: '15.00', vintage: 2024, projection: 'credit-trades' }),
      ]);
    } finally {
      socket.close();
    }
  });
});
