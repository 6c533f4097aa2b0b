import {
  type EventStore,
  issueCreditsResponse,
  listAmlAlertsResponse,
  marketOfTokenId,
  placeOrderResponse,
  retireCreditsResponse,
  tradeCreditsResponse,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditMarketStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { tradeDirectly } from '../test-support/direct-trade.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const project = projectForm('PRJ-001', 'Sunfield Solar Park', 'Solar Energy', { description: 'Rooftop PV', scope2: 50 });

describe('credit lifecycle over HTTP: issue, trade, match, retire', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let issuer: SignedInClient;
  let trader: SignedInClient;
  let otherTrader: SignedInClient;
  let issuerAddress: string;
  let eventStore: EventStore;

  beforeAll(async () => {
    eventStore = service.app.get<EventStore>(EVENT_STORE);
    [issuer, trader, otherTrader] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader']), service.signIn(['trader'])]);
    issuerAddress = (await verifiedAddress(service, issuer)).address;
    await verifiedAddress(service, trader);
    await fundWithTestUsd(trader);
  });

  // One monitoring report a project a day: each issue under a project id of its own unless the test names one.
  let issues = 0;
  async function issue(body: Record<string, unknown> = {}) {
    issues += 1;
    return issueThroughRegistry(service, issuer, { ...project, id: `${project.id}-${issues}`, xrplAddress: issuerAddress, ...body });
  }

  it('refuses issuing for an address without KYC: 403 KycRequired with requiresKyc, and records nothing', async () => {
    const before = await service.countEvents('credit-market-');
    const unverified = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
    const response = await issuer.request('POST', '/api/issue', { ...project, xrplAddress: unverified });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: 'KycRequired',
      message: 'KYC Verification Required',
      details: { requiresKyc: true, kycStatus: 'not_started' },
    });
    expect(await service.countEvents('credit-market-')).toBe(before);
  });

  it.each([
    ['a missing project id', { id: '' }, 'Please fill in all required fields'],
    ['a missing name', { name: '  ' }, 'Please fill in all required fields'],
    ['a short address', { xrplAddress: 'rShort' }, 'Please enter a valid XRPL address'],
    ['a scope value off the selector', { scope1: 123 }, 'Emission scopes must be one of: 0, 50, 550, 5500, 15000'],
    ['a project type the issue screen does not offer', { projectType: 'Geothermal' }, 'Project type must be one of'],
  ])('refuses %s with 400 and the message', async (_, body, message) => {
    const response = await issue(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { error: string; message: string; details?: unknown };
    expect(answer.error).toBe('ValidationFailed');
    expect(JSON.stringify(answer)).toContain(message);
  });

  it('refuses a batch of no credits (all scopes None)', async () => {
    const response = await issue({ scope1: 0, scope2: 0 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Select at least one emission scope: estimated credits must be at least 1' });
  });

  it('refuses issuing to a trader (role) and signed-out callers', async () => {
    expect((await trader.request('POST', '/api/issue', { ...project, xrplAddress: issuerAddress })).status).toBe(403);
    expect((await service.anonymous('POST', '/api/issue', { ...project, xrplAddress: issuerAddress })).status).toBe(401);
  });

  it('issues floor(20% of the scopes) serial-numbered credits once verified and approved; a retried request issues once', async () => {
    const headers = { 'idempotency-key': '6a0c2f0e-5d2b-4d8e-9b7a-1f3e5c7a9b11' };
    const response = await issueThroughRegistry(service, issuer, { ...project, xrplAddress: issuerAddress }, headers);
    expect(response.status).toBe(201);
    const issued = issueCreditsResponse.parse(await response.json());
    const year = new Date().getUTCFullYear();
    expect(issued).toMatchObject({ requiresKyc: false, quantity: 120, vintage: year });
    expect(issued.tokenId).toMatch(new RegExp(`^SOLAR-${year}-[0-9A-F]{8}$`));
    expect(issued.firstSerial).toBe(`NXCC-${issued.tokenId}-000001`);
    expect(issued.lastSerial).toBe(`NXCC-${issued.tokenId}-000120`);
    const again = issueCreditsResponse.parse(await (await issuer.request('POST', '/api/issue', { ...project, xrplAddress: issuerAddress }, headers)).json());
    expect(again.tokenId).toBe(issued.tokenId);
    const stream = await eventStore.readStream(creditMarketStreamId('Solar Energy', year));
    expect(stream.filter((event) => event.type === 'CreditsIssued' && (event.data as { batchId: string }).batchId === issued.tokenId)).toHaveLength(1);
  });

  it('refuses a request under the Project ID of another project (name or type), or of another proponent: 409 naming the project, nothing recorded', async () => {
    await issue({ id: 'PRJ-ONCE' });
    const before = await service.countEvents('project-');
    for (const other of [{ name: 'Another Park' }, { projectType: 'Wind Energy' }]) {
      const response = await issue({ id: 'PRJ-ONCE', ...other });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        error: 'Conflict',
        message:
          "Project ID PRJ-ONCE is already used by another project (Sunfield Solar Park, Solar Energy); issue under another Project ID, or with that project's name and type",
        details: { projectId: 'PRJ-ONCE', projectName: 'Sunfield Solar Park', projectType: 'Solar Energy' },
      });
    }
    const otherIssuer = await service.signIn(['issuer']);
    const otherAddress = (await verifiedAddress(service, otherIssuer)).address;
    const foreign = await otherIssuer.request('POST', '/api/issue', { ...project, id: 'PRJ-ONCE', xrplAddress: otherAddress });
    expect(foreign.status).toBe(409);
    expect(await service.countEvents('project-')).toBe(before);
  });

  it('refuses a second request for the same project on the same day: its monitoring period is covered', async () => {
    await issue({ id: 'PRJ-DAILY' });
    const projectEvents = await service.countEvents('project-PRJ-DAILY');
    const again = await issuer.request('POST', '/api/issue', { ...project, id: 'PRJ-DAILY', xrplAddress: issuerAddress });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: 'Conflict',
      message: expect.stringContaining('A monitoring report of project PRJ-DAILY already covers'),
    });
    expect(await service.countEvents('project-PRJ-DAILY')).toBe(projectEvents);
  });

  it('mints the batch NFT on XRPL and records the settlement; no NXCC are paid (only credits tokenized into the vault have them)', async () => {
    const issued = issueCreditsResponse.parse(await (await issue()).json());
    const market = marketOfTokenId(issued.tokenId)!;
    const deadline = Date.now() + 20_000;
    let settlement: { status: string; nftId?: string; transactions: { purpose: string }[]; reason?: string } | undefined;
    while (!settlement && Date.now() < deadline) {
      const stream = await eventStore.readStream(creditMarketStreamId(market.projectType, market.vintage));
      settlement = stream.find((event) => event.type === 'XrplSettlementRecorded' && (event.data as { subjectId: string }).subjectId === issued.tokenId)
        ?.data as typeof settlement;
      if (!settlement) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(settlement).toMatchObject({ status: 'settled', transactions: [{ purpose: 'mint' }] });
    expect(settlement?.transactions).toHaveLength(1);
    expect(settlement?.nftId).toMatch(/^[0-9A-F]{64}$/);
    expect(settlement?.reason).toBeUndefined();
  });

  it('offers part of a batch to another account (direct trade, escrowed until the buyer accepts) and refuses beyond the holding', async () => {
    const issued = issueCreditsResponse.parse(await (await issue()).json());
    const response = await issuer.request('POST', '/api/trade', { tokenId: issued.tokenId, amount: 30, buyerAccountId: trader.userId, price: 42.5 });
    expect(response.status).toBe(201);
    const trade = tradeCreditsResponse.parse(await response.json());
    expect(trade).toMatchObject({
      status: 'offered',
      quantity: 30,
      price: '42.50',
      serialRanges: [`NXCC-${issued.tokenId}-000001 to NXCC-${issued.tokenId}-000030`],
    });
    const tooMany = await issuer.request('POST', '/api/trade', { tokenId: issued.tokenId, amount: 91, buyerAccountId: trader.userId, price: 42.5 });
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({ message: `Insufficient credits: the account holds 90 tradable ${issued.tokenId} credits, 91 needed` });
    const malformedBuyer = await issuer.request('POST', '/api/trade', { tokenId: issued.tokenId, amount: 1, buyerAccountId: 'nobody', price: 1 });
    expect(malformedBuyer.status).toBe(400);
    const unknownBuyer = await issuer.request('POST', '/api/trade', {
      tokenId: issued.tokenId,
      amount: 1,
      buyerAccountId: '0b7e4a52-8d2c-4c1e-9f3a-5e6d7c8b9a01',
      price: 1,
    });
    expect(unknownBuyer.status).toBe(404);
    expect(await unknownBuyer.json()).toMatchObject({ message: 'No registry account 0b7e4a52-8d2c-4c1e-9f3a-5e6d7c8b9a01' });
    const unknownToken = await issuer.request('POST', '/api/trade', { tokenId: 'SOLAR-2026-00000000', amount: 1, buyerAccountId: trader.userId, price: 1 });
    expect(unknownToken.status).toBe(404);
  });

  it('refuses a direct trade by a caller without verified KYC', async () => {
    const response = await otherTrader.request('POST', '/api/trade', { tokenId: 'SOLAR-2026-00000000', amount: 1, buyerAccountId: trader.userId, price: 1 });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'KycRequired', message: 'Please complete KYC verification before trading. Go to Compliance page.' });
  });

  it('matches a buy order against a resting sell order: escrow at placement, fills at the maker price, statuses', async () => {
    const issued = issueCreditsResponse.parse(await (await issue()).json());
    const vintage = issued.vintage;
    const sell = await issuer.request('POST', '/api/orders', { type: 'sell', amount: 40, price: '10.00', projectType: 'Solar Energy', vintage });
    expect(sell.status).toBe(201);
    const sellOrder = placeOrderResponse.parse(await sell.json());
    expect(sellOrder).toMatchObject({ status: 'pending', filled: 0 });
    const buy = await trader.request('POST', '/api/orders', { type: 'buy', amount: 25, price: '11.00', projectType: 'Solar Energy', vintage });
    expect(buy.status).toBe(201);
    const { position: _position, ...buyOrder } = placeOrderResponse.parse(await buy.json());
    expect(buyOrder).toMatchObject({ status: 'completed', filled: 25 });
    const book = (await (await trader.request('GET', '/api/orders')).json()) as { orders: { id: string; status: string; filled: number }[] };
    // Each user lists their own orders: the seller sees the resting sell order.
    const sellerBook = (await (await issuer.request('GET', '/api/orders')).json()) as { orders: { id: string; status: string; filled: number }[] };
    expect(sellerBook.orders.find((order) => order.id === sellOrder.id)).toMatchObject({ status: 'partially_filled', filled: 25 });
    // The answer is the order as the book lists it.
    expect(book.orders.find((order) => order.id === buyOrder.id)).toEqual(buyOrder);
    const stream = await eventStore.readStream(creditMarketStreamId('Solar Energy', vintage));
    const trade = stream.filter((event) => event.type === 'TradeExecuted').at(-1)!.data as {
      price: string;
      quantity: number;
      buyerAccountId: string;
      kind: string;
    };
    expect(trade).toMatchObject({ kind: 'order-match', price: '10.00', quantity: 25, buyerAccountId: trader.userId });
    // Cancel returns the 15 unsold credits to the seller.
    const cancelled = await issuer.request('POST', `/api/orders/${sellOrder.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled' });
    // Both orders are closed, so the market no longer holds them: the refusals say how they were closed.
    const completed = await trader.request('POST', `/api/orders/${buyOrder.id}/cancel`);
    expect(completed.status).toBe(409);
    expect(await completed.json()).toEqual({
      error: 'Conflict',
      message: `Order ${buyOrder.id} is already filled`,
      details: { orderId: buyOrder.id, status: 'completed' },
    });
    const again = await issuer.request('POST', `/api/orders/${sellOrder.id}/cancel`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'Conflict', message: `Order ${sellOrder.id} is already cancelled`, details: { status: 'cancelled' } });
  });

  it('refuses a sell order beyond what the seller holds, and records nothing', async () => {
    const before = await service.countEvents('credit-market-');
    // A trader with KYC verified (trading needs it) and no Wind Energy credits.
    const response = await trader.request('POST', '/api/orders', { type: 'sell', amount: 5, price: '10.00', projectType: 'Wind Energy', vintage: 2026 });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: 'Insufficient credits: the account holds 0 tradable Wind Energy 2026 credits, 5 needed' });
    expect(await service.countEvents('credit-market-')).toBe(before);
  });

  it('retires credits for a beneficiary with the lowest serials and records the retirement memo on XRPL', async () => {
    const issued = issueCreditsResponse.parse(await (await issue()).json());
    const response = await issuer.request('POST', '/api/retire', { tokenId: issued.tokenId, amount: 10, beneficiary: 'Acme Ltd', purpose: 'FY2026 scope 2' });
    expect(response.status).toBe(201);
    const retired = retireCreditsResponse.parse(await response.json());
    expect(retired).toMatchObject({ quantity: 10, serialRanges: [`NXCC-${issued.tokenId}-000001 to NXCC-${issued.tokenId}-000010`] });
    expect(retired.certificateUrl).toBe(`/retirements/${retired.retirementId}`);
    const market = marketOfTokenId(issued.tokenId)!;
    const deadline = Date.now() + 20_000;
    let memo: { status: string; transactions: { purpose: string; hash: string }[] } | undefined;
    while (!memo && Date.now() < deadline) {
      const stream = await eventStore.readStream(creditMarketStreamId(market.projectType, market.vintage));
      memo = stream.find((event) => event.type === 'XrplSettlementRecorded' && (event.data as { subjectId: string }).subjectId === retired.retirementId)
        ?.data as typeof memo;
      if (!memo) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(memo).toMatchObject({ status: 'settled', transactions: [{ purpose: 'retirement-memo' }] });
    const refused = await issuer.request('POST', '/api/retire', { tokenId: issued.tokenId, amount: 1000, beneficiary: 'Acme Ltd' });
    expect(refused.status).toBe(409);
    const missingBeneficiary = await issuer.request('POST', '/api/retire', { tokenId: issued.tokenId, amount: 1 });
    expect(missingBeneficiary.status).toBe(400);
  });

  it('screens a retirement for AML, valued at the last trade price of its market', async () => {
    const compliance = await service.signIn(['compliance']);
    const issued = issueCreditsResponse.parse(await (await issue({ id: 'PRJ-EFFICIENCY', projectType: 'Energy Efficiency' })).json());
    // One credit changes hands at $150.00: the market's last price when the retirement is screened.
    await tradeDirectly(issuer, trader, { tokenId: issued.tokenId, amount: 1, price: 150 });
    const response = await issuer.request('POST', '/api/retire', { tokenId: issued.tokenId, amount: 100, beneficiary: 'Acme Ltd' });
    expect(response.status).toBe(201);
    const retired = retireCreditsResponse.parse(await response.json());
    const deadline = Date.now() + 20_000;
    let alert: { transactionType: string; amount: number; priority: string; riskFlags: string[]; userId: string } | undefined;
    while (!alert && Date.now() < deadline) {
      const listed = await compliance.request('GET', '/api/aml/alerts?limit=100');
      alert = listAmlAlertsResponse.parse(await listed.json()).alerts.find((candidate) => candidate.transactionId === retired.retirementId);
      if (!alert) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // 100 credits x $150.00 = $15,000.00, above the $10,000 threshold.
    expect(alert).toMatchObject({ transactionType: 'retirement', amount: 15_000, priority: 'high', riskFlags: ['large_amount'], userId: issuer.userId });
  });
});
