import { randomUUID } from 'node:crypto';
import {
  acceptDirectTradeOfferResponse,
  fundsView,
  listDirectTradeOffersResponse,
  platformCashAccounts,
  tradeCreditsResponse,
  withdrawDirectTradeOfferResponse,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchSummary, tradableOf } from '../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { FUNDED_BUYS } from '../credit-market/funded-buys.port.js';
import { CashLedger } from './cash-ledger.js';
import { type FundedOrders, offerReservation } from './funded-orders.js';
import { verifyCashLedger } from './verify-cash-ledger.js';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { issueRegistryBatch } from '../test-support/registry-batch.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('Direct trades over HTTP: an offer the buyer accepts and pays for (delivery versus payment)', () => {
  const service = serviceForSuite();
  let markets: CreditMarketStore;
  let seller: SignedInClient;
  let buyer: SignedInClient;
  let stranger: SignedInClient;
  let batchSeq = 0;

  beforeAll(async () => {
    markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
    [seller, buyer, stranger] = await Promise.all([service.signIn(['trader', 'issuer']), service.signIn(['trader']), service.signIn(['trader'])]);
    // One after another: the sandbox faucet funds each wallet from one account.
    for (const user of [seller, buyer, stranger]) await verifiedAddress(service, user);
  });

  const context = (userId: string, now = new Date()) => {
    const commandId = randomUUID();
    return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role: 'issuer' as const }, now };
  };

  /** A batch of `quantity` credits held by the seller. */
  async function batch(quantity = 20): Promise<string> {
    batchSeq += 1;
    const batchId = `SOLAR-2026-D1EC${batchSeq.toString(16).toUpperCase().padStart(4, '0')}`;
    await markets.execute('Solar Energy', 2026, issueRegistryBatch(batchId, seller.userId, quantity), context(seller.userId), () => undefined);
    return batchId;
  }

  const held = (accountId: string, batchId: string) =>
    markets.read('Solar Energy', 2026, (state) => tradableOf(state, accountId, batchId).reduce((sum, range) => sum + range.end - range.start + 1, 0));
  const escrowed = (batchId: string) => markets.read('Solar Energy', 2026, (state) => batchSummary(state, batchId).reserved);

  const funds = async (client: SignedInClient) => fundsView.parse(await (await client.request('GET', '/api/funds')).json());
  const offers = async (client: SignedInClient) => listDirectTradeOffersResponse.parse(await (await client.request('GET', '/api/trade/offers')).json()).offers;

  /** What an acceptance records before the market takes it: the buyer's reservation for the offer, in the buyer's cash stream. */
  async function reserveForOffer(offerId: string, quantity: number, price: string): Promise<void> {
    const reservation = offerReservation({ offerId, buyerAccountId: buyer.userId, projectType: 'Solar Energy', vintage: 2026, quantity, price });
    await service.app
      .get<FundedOrders>(FUNDED_BUYS)
      .recordInCashStream(buyer.userId, (marketCreditsCents) => ({ type: 'ReserveFunds', reservation, marketCreditsCents }), context(buyer.userId));
  }

  async function offer(tokenId: string, amount: number, price: string | number, to = buyer) {
    const response = await seller.request('POST', '/api/trade', { tokenId, amount, buyerAccountId: to.userId, price });
    expect(response.status).toBe(201);
    return tradeCreditsResponse.parse(await response.json());
  }

  it('an offer escrows the serials (they cannot be offered or sold twice) and both parties list it as open', async () => {
    const batchId = await batch(20);
    const before = Date.now();
    const offered = await offer(batchId, 8, 12.5);
    expect(offered).toMatchObject({ status: 'offered', quantity: 8, price: '12.50', serialRanges: [`NXCC-${batchId}-000001 to NXCC-${batchId}-000008`] });
    expect(Date.parse(offered.expiresAt) - before).toBeGreaterThanOrEqual(DAY_MS - 5_000);
    expect(Date.parse(offered.expiresAt) - before).toBeLessThanOrEqual(DAY_MS + 5_000);
    expect(await held(seller.userId, batchId)).toBe(12);
    expect(await escrowed(batchId)).toBe(8);
    const tooMany = await seller.request('POST', '/api/trade', { tokenId: batchId, amount: 13, buyerAccountId: buyer.userId, price: 1 });
    expect(tooMany.status).toBe(409);
    const sell = await seller.request('POST', '/api/orders', { type: 'sell', amount: 13, price: '1.00', projectType: 'Solar Energy', vintage: 2026 });
    expect(sell.status).toBe(409);

    const incoming = (await offers(buyer)).find((listed) => listed.offerId === offered.transactionId);
    expect(incoming).toMatchObject({ direction: 'incoming', status: 'open', quantity: 8, price: '12.50', sellerAccountId: seller.userId, tokenId: batchId });
    const outgoing = (await offers(seller)).find((listed) => listed.offerId === offered.transactionId);
    expect(outgoing).toMatchObject({ direction: 'outgoing', status: 'open', buyerAccountId: buyer.userId });
    expect((await offers(stranger)).find((listed) => listed.offerId === offered.transactionId)).toBeUndefined();
  });

  it('refuses an accept by anyone but the buyer (403) and one the buyer cannot pay (409 with the balance), moving nothing', async () => {
    const batchId = await batch(10);
    const offered = await offer(batchId, 10, '10.00');
    const notTheBuyer = await stranger.request('POST', `/api/trade/offers/${offered.transactionId}/accept`);
    expect(notTheBuyer.status).toBe(403);
    const bySeller = await seller.request('POST', `/api/trade/offers/${offered.transactionId}/accept`);
    expect(bySeller.status).toBe(403);

    const cashEvents = await service.countEvents(`funds-${buyer.userId}`);
    const short = await buyer.request('POST', `/api/trade/offers/${offered.transactionId}/accept`);
    expect(short.status).toBe(409);
    // 10 × 10.00 + 0.5% fee = 100.50.
    expect(await short.json()).toMatchObject({ error: 'Conflict', details: { currency: 'USD', available: '0.00', required: '100.50' } });
    // (The market stream itself may grow meanwhile: the batch's XRPL settlement is recorded in the background.)
    expect(await tradesOf(offered.transactionId)).toHaveLength(0);
    expect(await service.countEvents(`funds-${buyer.userId}`)).toBe(cashEvents);
    expect(await held(buyer.userId, batchId)).toBe(0);
    expect(await escrowed(batchId)).toBe(10);
    expect((await offers(buyer)).find((listed) => listed.offerId === offered.transactionId)).toMatchObject({ status: 'open' });
  });

  it('accept moves the escrowed serials and the cash in one event: seller +notional, buyer −notional−fee, fee revenue +fee; a replayed accept answers the same', async () => {
    const batchId = await batch(10);
    const offered = await offer(batchId, 7, '33.33');
    expect((await buyer.request('POST', '/api/funds/faucet', { amount: '500.00' })).status).toBe(200);
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '500.00' });
    const sellerBefore = await funds(seller);
    const ledgerBefore = await cashLedger();
    const feeBefore = ledgerBefore.accounts.get(platformCashAccounts.feeRevenue)?.creditsPosted ?? 0;

    const key = randomUUID();
    const response = await buyer.request('POST', `/api/trade/offers/${offered.transactionId}/accept`, undefined, { 'Idempotency-Key': key });
    expect(response.status).toBe(201);
    const body = await response.text();
    const accepted = acceptDirectTradeOfferResponse.parse(JSON.parse(body));
    // 7 × 33.33 = 233.31; fee ceil(1.16655) = 1.17.
    expect(accepted).toMatchObject({
      offerId: offered.transactionId,
      status: 'accepted',
      quantity: 7,
      price: '33.33',
      notional: '233.31',
      fee: '1.17',
      serialRanges: [`NXCC-${batchId}-000001 to NXCC-${batchId}-000007`],
    });
    const replay = await buyer.request('POST', `/api/trade/offers/${offered.transactionId}/accept`, undefined, { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(await replay.text()).toBe(body);

    expect(await held(buyer.userId, batchId)).toBe(7);
    expect(await held(seller.userId, batchId)).toBe(3);
    expect(await escrowed(batchId)).toBe(0);
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '265.52', reserved: '0.00' });
    const sellerAvailable = Math.round(Number(sellerBefore.available) * 100) + 23_331;
    await expect.poll(async () => Math.round(Number((await funds(seller)).available) * 100)).toBe(sellerAvailable);
    const ledger = await cashLedger();
    expect((ledger.accounts.get(platformCashAccounts.feeRevenue)?.creditsPosted ?? 0) - feeBefore).toBe(117);

    // One TradeExecuted of kind direct carries the serials and the cash, naming the offer.
    const trades = (await service.runtime.eventStore.readAll({ limit: 100_000 })).filter(
      (event) => event.type === 'TradeExecuted' && (event.data as { offerId?: string }).offerId === offered.transactionId,
    );
    expect(trades).toHaveLength(1);
    expect(trades[0]!.data).toMatchObject({
      kind: 'direct',
      tradeId: accepted.transactionId,
      cash: { notionalCents: 23_331, feeCents: 117, releasedCents: 0 },
    });
    await expect
      .poll(async () => (await offers(seller)).find((listed) => listed.offerId === offered.transactionId))
      .toMatchObject({
        status: 'accepted',
        tradeId: accepted.transactionId,
      });
    // Closed: neither party can decline or cancel it any more.
    expect((await buyer.request('POST', `/api/trade/offers/${offered.transactionId}/decline`)).status).toBe(409);
  });

  it('two concurrent accepts of one offer move it once and charge once', async () => {
    const batchId = await batch(5);
    const offered = await offer(batchId, 5, '2.00');
    const before = await funds(buyer);
    const [first, second] = await Promise.all([
      buyer.request('POST', `/api/trade/offers/${offered.transactionId}/accept`, undefined, { 'Idempotency-Key': randomUUID() }),
      buyer.request('POST', `/api/trade/offers/${offered.transactionId}/accept`, undefined, { 'Idempotency-Key': randomUUID() }),
    ]);
    // Both are the same acceptance (its ids derive from the offer): one moves it, the other is answered as its replay.
    expect([first.status, second.status]).toEqual([201, 201]);
    const [one, two] = [acceptDirectTradeOfferResponse.parse(await first.json()), acceptDirectTradeOfferResponse.parse(await second.json())];
    expect(two.transactionId).toBe(one.transactionId);
    expect(await held(buyer.userId, batchId)).toBe(5);
    const trades = (await service.runtime.eventStore.readAll({ limit: 100_000 })).filter(
      (event) => event.type === 'TradeExecuted' && (event.data as { offerId?: string }).offerId === offered.transactionId,
    );
    expect(trades).toHaveLength(1);
    // 10.00 + 0.05 fee, once.
    await expect.poll(async () => Math.round(Number((await funds(buyer)).available) * 100)).toBe(Math.round(Number(before.available) * 100) - 1_005);
    await expect.poll(() => funds(buyer)).toMatchObject({ reserved: '0.00' });
  });

  it('decline (buyer) and cancel (seller) give the serials back; neither may do the other’s', async () => {
    const batchId = await batch(10);
    const declined = await offer(batchId, 4, '5.00');
    const cancelled = await offer(batchId, 6, '5.00');
    expect(await held(seller.userId, batchId)).toBe(0);

    expect((await seller.request('POST', `/api/trade/offers/${declined.transactionId}/decline`)).status).toBe(403);
    expect((await buyer.request('POST', `/api/trade/offers/${cancelled.transactionId}/cancel`)).status).toBe(403);
    expect((await stranger.request('POST', `/api/trade/offers/${cancelled.transactionId}/cancel`)).status).toBe(403);

    const decline = await buyer.request('POST', `/api/trade/offers/${declined.transactionId}/decline`);
    expect(decline.status).toBe(201);
    expect(withdrawDirectTradeOfferResponse.parse(await decline.json())).toMatchObject({
      status: 'declined',
      released: [`NXCC-${batchId}-000001 to NXCC-${batchId}-000004`],
    });
    const cancel = await seller.request('POST', `/api/trade/offers/${cancelled.transactionId}/cancel`);
    expect(cancel.status).toBe(201);
    expect(withdrawDirectTradeOfferResponse.parse(await cancel.json())).toMatchObject({ status: 'cancelled' });
    expect(await held(seller.userId, batchId)).toBe(10);
    expect(await escrowed(batchId)).toBe(0);

    const listed = await offers(seller);
    expect(listed.find((entry) => entry.offerId === declined.transactionId)).toMatchObject({ status: 'declined' });
    expect(listed.find((entry) => entry.offerId === cancelled.transactionId)).toMatchObject({ status: 'cancelled' });
    // A declined offer cannot be accepted afterwards.
    const late = await buyer.request('POST', `/api/trade/offers/${declined.transactionId}/accept`);
    expect(late.status).toBe(409);
    expect(await held(buyer.userId, batchId)).toBe(0);
  });

  it('an expired offer cannot be accepted, is listed as expired, and either party closes it to give the serials back', async () => {
    const batchId = await batch(3);
    const offerId = randomUUID();
    // Offered two days ago: expired yesterday.
    const past = new Date(Date.now() - 2 * DAY_MS);
    await markets.execute(
      'Solar Energy',
      2026,
      {
        type: 'OfferDirectTrade',
        offerId,
        batchId,
        sellerAccountId: seller.userId,
        buyerAccountId: buyer.userId,
        quantity: 3,
        price: '1.00',
        expiresAt: new Date(past.getTime() + DAY_MS),
      },
      context(seller.userId, past),
      () => undefined,
    );
    await expect.poll(async () => (await offers(buyer)).find((listed) => listed.offerId === offerId)?.status).toBe('expired');
    const before = await funds(buyer);
    const accept = await buyer.request('POST', `/api/trade/offers/${offerId}/accept`);
    expect(accept.status).toBe(409);
    expect(await accept.json()).toMatchObject({ message: expect.stringContaining('expired') });
    expect(await held(buyer.userId, batchId)).toBe(0);
    expect(await funds(buyer)).toMatchObject({ available: before.available, reserved: '0.00' });

    // The buyer may close it once expired (declining is the buyer's anyway); the serials go back to the seller.
    const closed = await buyer.request('POST', `/api/trade/offers/${offerId}/cancel`);
    expect(closed.status).toBe(201);
    expect(withdrawDirectTradeOfferResponse.parse(await closed.json())).toMatchObject({ status: 'expired' });
    expect(await held(seller.userId, batchId)).toBe(3);
  });

  it('a crash between the reservation and the market’s acceptance: the reaction completes the acceptance once, and a later accept is answered with the same trade', async () => {
    const batchId = await batch(4);
    const offered = await offer(batchId, 4, '3.00');
    // What the request recorded before it died: the reservation in the buyer's cash stream, nothing in the market.
    await reserveForOffer(offered.transactionId, 4, '3.00');
    await expect.poll(() => held(buyer.userId, batchId), { timeout: 10_000 }).toBe(4);
    await expect.poll(async () => (await offers(buyer)).find((listed) => listed.offerId === offered.transactionId)?.status).toBe('accepted');
    const again = await buyer.request('POST', `/api/trade/offers/${offered.transactionId}/accept`);
    expect(again.status).toBe(201);
    const trades = (await service.runtime.eventStore.readAll({ limit: 100_000 })).filter(
      (event) => event.type === 'TradeExecuted' && (event.data as { offerId?: string }).offerId === offered.transactionId,
    );
    expect(trades).toHaveLength(1);
    expect(acceptDirectTradeOfferResponse.parse(await again.json()).transactionId).toBe((trades[0]!.data as { tradeId: string }).tradeId);
  });

  it('a reservation whose offer closed before the acceptance reached the market is voided whole by the reaction', async () => {
    const batchId = await batch(2);
    const offered = await offer(batchId, 2, '4.00');
    expect((await seller.request('POST', `/api/trade/offers/${offered.transactionId}/cancel`)).status).toBe(201);
    const before = await funds(buyer);
    await reserveForOffer(offered.transactionId, 2, '4.00');
    await expect
      .poll(
        async () =>
          (await service.runtime.eventStore.readAll({ limit: 100_000 })).some(
            (event) => event.type === 'FundsReservationVoided' && (event.data as { orderId: string }).orderId === offered.transactionId,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect.poll(() => funds(buyer)).toMatchObject({ available: before.available, reserved: '0.00' });
    expect(await held(buyer.userId, batchId)).toBe(0);
    expect(await held(seller.userId, batchId)).toBe(2);
  });

  it('the log’s cash ledger still sums to zero with no user negative (npm run verify’s cash check)', async () => {
    const ledger = await cashLedger();
    expect(ledger.violations).toEqual([]);
    expect(ledger.totals()).toEqual({ posted: 0, pending: 0 });
    expect(ledger.negativeUsers()).toEqual([]);
    expect(await verifyCashLedger(service.runtime.eventStore)).toMatchObject({ ok: true, postedSum: 0, pendingSum: 0, negativeUsers: [] });
  });

  async function tradesOf(offerId: string) {
    return (await service.runtime.eventStore.readAll({ limit: 100_000 })).filter(
      (event) => event.type === 'TradeExecuted' && (event.data as { offerId?: string }).offerId === offerId,
    );
  }

  async function cashLedger(): Promise<CashLedger> {
    const ledger = new CashLedger();
    for (const event of await service.runtime.eventStore.readAll({ limit: 100_000 })) ledger.apply(event);
    return ledger;
  }
});
