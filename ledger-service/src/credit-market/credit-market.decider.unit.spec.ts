import { buyReservationCents, type PlaceOrderRequest } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchSummary,
  type ClosedOrder,
  type CreditMarketCommand,
  type CreditMarketEvent,
  decideCreditMarket,
  initialCreditMarketState,
  registryViolations,
  selfTradeNote,
  tradableOf,
} from './credit-market.decider.js';
import { issueRegistryBatch as issue } from '../test-support/registry-batch.js';
import { marketRefusal, runMarket, SPEC_MARKET, specId } from '../test-support/market-runs.js';
import { answerOf } from './credit-market.property.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const BATCH = 'SOLAR-2026-AAAAAAAA';
const ids = specId;
const market = SPEC_MARKET;
const run = (commands: CreditMarketCommand[]) => runMarket(now, commands);
const refusal = (commands: CreditMarketCommand[]) => marketRefusal(now, commands);

const order = (type: 'buy' | 'sell', amount: number, price: string): PlaceOrderRequest => ({ type, amount, price, projectType: 'Solar Energy', vintage: 2026 });

describe('credit market decider', () => {
  it('given nothing, when IssueCredits, then CreditsIssued and the issuer holds serials 1..N', () => {
    const { state, events } = run([issue(BATCH, 'alice', 100)]);
    expect(events).toEqual([{ type: 'CreditsIssued', data: expect.objectContaining({ batchId: BATCH, quantity: 100, issuedAt: now.toISOString() }) }]);
    expect(tradableOf(state, 'alice')).toEqual([{ batchId: BATCH, start: 1, end: 100 }]);
  });

  it('given an issued batch, when issued again, then Conflict', () => {
    expect(refusal([issue(BATCH, 'alice', 10), issue(BATCH, 'alice', 10)])).toMatchObject({ code: 'Conflict' });
  });

  it('given holdings, when a sell order is placed, then its serials go into escrow', () => {
    const { state, events } = run([issue(BATCH, 'alice', 100), { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 30, '10.00') }]);
    expect(events[0]).toMatchObject({ type: 'OrderPlaced', data: { reserved: [{ batchId: BATCH, start: 1, end: 30 }] } });
    expect(tradableOf(state, 'alice')).toEqual([{ batchId: BATCH, start: 31, end: 100 }]);
    expect(batchSummary(state, BATCH)).toEqual({ tradable: 70, inVault: 0, reserved: 30, retired: 0, cancelled: 0 });
  });

  it('given too few credits, when a sell order is placed, then Conflict naming what is held', () => {
    const error = refusal([issue(BATCH, 'alice', 5), { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 6, '10.00') }]);
    expect(error).toMatchObject({ code: 'Conflict', message: 'Insufficient credits: the account holds 5 tradable Solar Energy 2026 credits, 6 needed' });
  });

  it('given resting asks, when a crossing buy arrives, then it fills at the makers’ prices in price-time order, partially', () => {
    const { state, events } = run([
      issue(BATCH, 'alice', 100),
      issue('SOLAR-2026-BBBBBBBB', 'bob', 100),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 10, '12.00') },
      { type: 'PlaceOrder', orderId: ids(2), ownerId: 'bob', order: order('sell', 10, '11.00') },
      { type: 'PlaceOrder', orderId: ids(3), ownerId: 'alice', order: order('sell', 10, '11.00') },
      { type: 'PlaceOrder', orderId: ids(4), ownerId: 'carol', order: order('buy', 25, '12.00') },
    ]);
    const trades = events.filter((event) => event.type === 'TradeExecuted').map((event) => event.data);
    expect(trades.map((trade) => [trade.sellOrderId, trade.quantity, trade.price])).toEqual([
      [ids(2), 10, '11.00'],
      [ids(3), 10, '11.00'],
      [ids(1), 5, '12.00'],
    ]);
    expect(trades[0]!.ranges).toEqual([{ batchId: 'SOLAR-2026-BBBBBBBB', start: 1, end: 10 }]);
    expect(tradableOf(state, 'carol').reduce((sum, range) => sum + range.end - range.start + 1, 0)).toBe(25);
    expect(state.orders.get(ids(1))).toMatchObject({ status: 'partially_filled', remaining: 5 });
    // Filled, the buy order left the state; the sells it filled too.
    expect(trades.filter((trade) => trade.buyOrderId === ids(4)).reduce((sum, trade) => sum + trade.quantity, 0)).toBe(25);
    expect([...state.orders.keys()]).toEqual([ids(1)]);
    expect(registryViolations(state)).toEqual([]);
  });

  it('given a buy below the ask, when placed, then nothing trades and both rest', () => {
    const { state, events } = run([
      issue(BATCH, 'alice', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 5, '12.00') },
      { type: 'PlaceOrder', orderId: ids(2), ownerId: 'bob', order: order('buy', 5, '11.99') },
    ]);
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced']);
    expect(state.bids).toHaveLength(1);
    expect(state.asks).toHaveLength(1);
  });

  it('found case: given my own SELL 4 @ 99.50, when I BUY 2 @ 99.50, then the buy is cancelled (cancel-newest), named, and the book is not crossed', () => {
    const { state, events } = run([
      issue(BATCH, 'alice', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 4, '99.50') },
      { type: 'PlaceOrder', orderId: ids(2), ownerId: 'alice', order: order('buy', 2, '99.50') },
    ]);
    expect(events).toEqual([
      { type: 'OrderPlaced', data: expect.objectContaining({ orderId: ids(2), side: 'buy', amount: 2 }) },
      {
        type: 'OrderCancelled',
        data: {
          orderId: ids(2),
          cancelledBy: 'alice',
          remaining: 2,
          selfTradeWith: { orderId: ids(1), side: 'sell', price: '99.50' },
          cancelledAt: now.toISOString(),
        },
      },
    ]);
    expect(selfTradeNote(events, ids(2))).toBe('2 not filled: your own sell order at 99.50');
    // Cancelled, the buy order left the state (its events above say it was cancelled with 2 remaining).
    expect(state.orders.has(ids(2))).toBe(false);
    expect([...state.bids]).toEqual([]);
    expect([...state.asks].map((resting) => resting.orderId)).toEqual([ids(1)]);
    expect(selfTradeNote(events, ids(1))).toBeUndefined();
  });

  it('given a funded buy that reaches my own sell after another seller’s, then the fill is paid and the cancelled rest gives back all the hold it kept', () => {
    const reservedCents = buyReservationCents(3, 1000);
    const { events } = run([
      issue(BATCH, 'alice', 10),
      issue('SOLAR-2026-BBBBBBBB', 'bob', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'bob', order: order('sell', 1, '10.00') },
      { type: 'PlaceOrder', orderId: ids(2), ownerId: 'alice', order: order('sell', 2, '10.00') },
      {
        type: 'PlaceOrder',
        orderId: ids(3),
        ownerId: 'alice',
        order: order('buy', 3, '10.00'),
        funding: { reservationId: ids(9), reservedCents },
      },
    ]);
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'TradeExecuted', 'OrderCancelled']);
    const fill = events[1] as Extract<CreditMarketEvent, { type: 'TradeExecuted' }>;
    const cancel = events[2] as Extract<CreditMarketEvent, { type: 'OrderCancelled' }>;
    expect(cancel.data).toMatchObject({ remaining: 2, selfTradeWith: { orderId: ids(2) } });
    // Every cent of the reservation is either paid by the fill or given back: nothing stays held by a cancelled order.
    const cash = fill.data.cash!;
    expect(cash.notionalCents + cash.feeCents + cash.releasedCents + (cancel.data.releasedCents ?? 0)).toBe(reservedCents);
    expect(cancel.data.releasedCents).toBeGreaterThan(0);
  });

  it('given someone else’s bid ahead of my own, when I sell across both, then I fill against theirs, the rest stops at mine and its escrow goes back', () => {
    const { state, events } = run([
      issue(BATCH, 'alice', 10),
      issue('SOLAR-2026-BBBBBBBB', 'bob', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'bob', order: order('buy', 3, '12.00') },
      { type: 'PlaceOrder', orderId: ids(2), ownerId: 'alice', order: order('buy', 5, '11.00') },
      { type: 'PlaceOrder', orderId: ids(3), ownerId: 'alice', order: order('sell', 6, '10.00') },
    ]);
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'TradeExecuted', 'OrderCancelled']);
    expect(events[1]).toMatchObject({ type: 'TradeExecuted', data: { quantity: 3, price: '12.00', buyerAccountId: 'bob', sellerAccountId: 'alice' } });
    expect(events[2]).toMatchObject({ type: 'OrderCancelled', data: { remaining: 3, released: [{ batchId: BATCH, start: 4, end: 6 }] } });
    expect(selfTradeNote(events, ids(3))).toBe('3 not filled: your own buy order at 11.00');
    expect(tradableOf(state, 'alice')).toEqual([{ batchId: BATCH, start: 4, end: 10 }]);
    expect(registryViolations(state)).toEqual([]);
  });

  it('given a partly filled sell order, when cancelled, then the rest of the escrow goes back', () => {
    const { state, events } = run([
      issue(BATCH, 'alice', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 8, '10.00') },
      { type: 'PlaceOrder', orderId: ids(2), ownerId: 'bob', order: order('buy', 3, '10.00') },
      { type: 'CancelOrder', orderId: ids(1), requestedBy: 'alice', isAdmin: false },
    ]);
    expect(events).toEqual([
      {
        type: 'OrderCancelled',
        data: { orderId: ids(1), cancelledBy: 'alice', remaining: 5, released: [{ batchId: BATCH, start: 4, end: 8 }], cancelledAt: now.toISOString() },
      },
    ]);
    expect(tradableOf(state, 'alice')).toEqual([{ batchId: BATCH, start: 4, end: 10 }]);
    expect(tradableOf(state, 'bob')).toEqual([{ batchId: BATCH, start: 1, end: 3 }]);
  });

  it('given someone else’s order, when cancelled by a non-admin, then Forbidden; completed orders cannot be cancelled', () => {
    const base: CreditMarketCommand[] = [
      issue(BATCH, 'alice', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 2, '10.00') },
    ];
    expect(refusal([...base, { type: 'CancelOrder', orderId: ids(1), requestedBy: 'bob', isAdmin: false }])).toMatchObject({ code: 'Forbidden' });
    // Filled, the order left the state: the cancel handler names how it was closed, from the order book read model.
    expect(
      refusal([
        ...base,
        { type: 'PlaceOrder', orderId: ids(2), ownerId: 'bob', order: order('buy', 2, '10.00') },
        { type: 'CancelOrder', orderId: ids(1), requestedBy: 'alice', isAdmin: false, closed: { ownerId: 'alice', status: 'completed' } },
      ]),
    ).toMatchObject({ code: 'Conflict', message: `Order ${ids(1)} is already filled`, details: { orderId: ids(1), status: 'completed' } });
  });

  it('given a closed order (no longer in the state), a cancel is refused as the read model that knows it says: cancelled, completed, someone else’s, unknown', () => {
    const placedAndCancelled: CreditMarketCommand[] = [
      issue(BATCH, 'alice', 10),
      { type: 'PlaceOrder', orderId: ids(1), ownerId: 'alice', order: order('sell', 2, '10.00') },
      { type: 'CancelOrder', orderId: ids(1), requestedBy: 'alice', isAdmin: false },
    ];
    const cancelAgain = (requestedBy: string, isAdmin: boolean, closed?: ClosedOrder): CreditMarketCommand => ({
      type: 'CancelOrder',
      orderId: ids(1),
      requestedBy,
      isAdmin,
      ...(closed ? { closed } : {}),
    });
    const cancelled: ClosedOrder = { ownerId: 'alice', status: 'cancelled' };
    expect(run(placedAndCancelled).state.orders.size).toBe(0);
    expect(refusal([...placedAndCancelled, cancelAgain('alice', false, cancelled)])).toMatchObject({
      code: 'Conflict',
      message: `Order ${ids(1)} is already cancelled`,
      details: { orderId: ids(1), status: 'cancelled' },
    });
    expect(refusal([...placedAndCancelled, cancelAgain('bob', false, cancelled)])).toMatchObject({
      code: 'Forbidden',
      message: 'Only the owner of an order can cancel it',
    });
    expect(refusal([...placedAndCancelled, cancelAgain('admin', true, cancelled)])).toMatchObject({ message: `Order ${ids(1)} is already cancelled` });
    expect(refusal([...placedAndCancelled, cancelAgain('alice', false)])).toMatchObject({ code: 'NotFound', message: 'Order not found' });
  });

  it('given an order the state no longer holds, the market’s own memory of how it closed decides the refusal, before the read model’s word', () => {
    const state = initialCreditMarketState();
    const remembered = new Map<string, ClosedOrder>([[ids(1), { ownerId: 'alice', status: 'completed' }]]);
    const decide = (command: CreditMarketCommand) =>
      answerOf(() => decideCreditMarket(command, state, { now, newId: (purpose) => `x:${purpose}`, market, closedOrder: (id) => remembered.get(id) }));
    const cancel = (requestedBy: string, closed?: ClosedOrder, orderId = ids(1)): CreditMarketCommand => ({
      type: 'CancelOrder',
      orderId,
      requestedBy,
      isAdmin: false,
      ...(closed ? { closed } : {}),
    });
    const filled = { refused: { code: 'Conflict', message: `Order ${ids(1)} is already filled`, details: { orderId: ids(1), status: 'completed' } } };
    // The read model has not seen the fill (it says nothing), or says something older: the market's memory wins.
    expect(decide(cancel('alice'))).toEqual(filled);
    expect(decide(cancel('alice', { ownerId: 'alice', status: 'cancelled' }))).toEqual(filled);
    // Someone else's order still does not tell them how it closed; an order nobody knows stays 404.
    expect(decide(cancel('bob'))).toMatchObject({ refused: { code: 'Forbidden' } });
    expect(decide(cancel('alice', undefined, ids(2)))).toMatchObject({ refused: { code: 'NotFound', message: 'Order not found' } });
  });

  it('given holdings, when transferred directly and then retired, then serials split and tradable + retired = issued', () => {
    const { state, events } = run([
      issue(BATCH, 'alice', 100),
      { type: 'TransferCredits', tradeId: ids(9), batchId: BATCH, sellerAccountId: 'alice', buyerAccountId: 'bob', quantity: 40, price: '42.50' },
      {
        type: 'RetireCredits',
        retirementId: ids(10),
        batchId: BATCH,
        accountId: 'bob',
        quantity: 15,
        beneficiary: 'Acme',
        purpose: '2026 travel',
        standard: 'Gold Standard',
        offsetType: 'compensation',
        retiredBy: 'bob',
      },
    ]);
    expect(events[0]).toMatchObject({ type: 'CreditsRetired', data: { ranges: [{ batchId: BATCH, start: 1, end: 15 }], quantity: 15 } });
    expect(batchSummary(state, BATCH)).toEqual({ tradable: 85, inVault: 0, reserved: 0, retired: 15, cancelled: 0 });
    expect(registryViolations(state)).toEqual([]);
  });

  it('refuses a transfer to oneself, an unknown token, and a retirement beyond the holding', () => {
    expect(
      refusal([
        issue(BATCH, 'alice', 5),
        { type: 'TransferCredits', tradeId: ids(9), batchId: BATCH, sellerAccountId: 'alice', buyerAccountId: 'alice', quantity: 1, price: '1.00' },
      ]),
    ).toMatchObject({ code: 'ValidationFailed' });
    expect(
      refusal([{ type: 'TransferCredits', tradeId: ids(9), batchId: BATCH, sellerAccountId: 'alice', buyerAccountId: 'bob', quantity: 1, price: '1.00' }]),
    ).toMatchObject({ code: 'NotFound', message: `No credits found for token ${BATCH}` });
    expect(
      refusal([
        issue(BATCH, 'alice', 5),
        {
          type: 'RetireCredits',
          retirementId: ids(10),
          batchId: BATCH,
          accountId: 'alice',
          quantity: 6,
          beneficiary: 'x',
          purpose: '',
          standard: 'Gold Standard',
          offsetType: 'compensation',
          retiredBy: 'alice',
        },
      ]),
    ).toMatchObject({ code: 'Conflict' });
  });

  it('records an XRPL settlement once per subject', () => {
    const settle: CreditMarketCommand = {
      type: 'RecordXrplSettlement',
      settlement: { subject: 'issuance', subjectId: BATCH, batchId: BATCH, status: 'settled', nftId: 'NFT', transactions: [] },
    };
    expect(run([issue(BATCH, 'alice', 5), settle]).events).toHaveLength(1);
    expect(run([issue(BATCH, 'alice', 5), settle, settle]).events).toEqual([]);
  });
  describe('direct trade offers (docs/funds.md, "Direct trades")', () => {
    const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    const offer = (quantity: number, expiresAt = tomorrow): CreditMarketCommand => ({
      type: 'OfferDirectTrade',
      offerId: ids(20),
      batchId: BATCH,
      sellerAccountId: 'alice',
      buyerAccountId: 'bob',
      quantity,
      price: '10.05',
      expiresAt,
    });
    // 3 × 10.05 = 30.15, fee ceil(0.15075) = 0.16.
    const accept = (buyerAccountId = 'bob', reservedCents = 3_031): CreditMarketCommand => ({
      type: 'AcceptDirectTradeOffer',
      offerId: ids(20),
      tradeId: ids(21),
      buyerAccountId,
      funding: { reservationId: ids(22), reservedCents },
    });
    const withdraw = (requestedBy: string): CreditMarketCommand => ({ type: 'WithdrawDirectTradeOffer', offerId: ids(20), requestedBy, isAdmin: false });

    it('given holdings, when offered, then the serials are escrowed in the offer (not tradable, still counted by the registry invariant)', () => {
      const { state, events } = run([issue(BATCH, 'alice', 10), offer(3)]);
      expect(events).toEqual([
        {
          type: 'DirectTradeOffered',
          data: {
            offerId: ids(20),
            batchId: BATCH,
            projectType: 'Solar Energy',
            vintage: 2026,
            sellerAccountId: 'alice',
            buyerAccountId: 'bob',
            quantity: 3,
            price: '10.05',
            ranges: [{ batchId: BATCH, start: 1, end: 3 }],
            offeredAt: now.toISOString(),
            expiresAt: tomorrow.toISOString(),
          },
        },
      ]);
      expect(tradableOf(state, 'alice', BATCH)).toEqual([{ batchId: BATCH, start: 4, end: 10 }]);
      expect(batchSummary(state, BATCH)).toEqual({ tradable: 7, inVault: 0, reserved: 3, retired: 0, cancelled: 0 });
      expect(registryViolations(state)).toEqual([]);
      expect(refusal([issue(BATCH, 'alice', 10), offer(3), { ...offer(8), offerId: ids(30) } as CreditMarketCommand])).toMatchObject({ code: 'Conflict' });
    });

    it('when the buyer accepts with the reservation for its cost and fee, then one TradeExecuted moves the escrowed serials with the cash', () => {
      const { state, events } = run([issue(BATCH, 'alice', 10), offer(3), accept()]);
      expect(events).toEqual([
        {
          type: 'TradeExecuted',
          data: expect.objectContaining({
            tradeId: ids(21),
            kind: 'direct',
            offerId: ids(20),
            buyerAccountId: 'bob',
            sellerAccountId: 'alice',
            quantity: 3,
            price: '10.05',
            ranges: [{ batchId: BATCH, start: 1, end: 3 }],
            cash: { notionalCents: 3_015, feeCents: 16, releasedCents: 0 },
          }),
        },
      ]);
      expect(tradableOf(state, 'bob', BATCH)).toEqual([{ batchId: BATCH, start: 1, end: 3 }]);
      expect(state.offers.size).toBe(0);
      expect(registryViolations(state)).toEqual([]);
    });

    it('refuses an accept by another account, with a reservation of another amount, after expiry, and of a closed offer', () => {
      expect(refusal([issue(BATCH, 'alice', 10), offer(3), accept('carol')])).toMatchObject({ code: 'Forbidden' });
      expect(refusal([issue(BATCH, 'alice', 10), offer(3), accept('bob', 3_030)])).toMatchObject({ code: 'ValidationFailed' });
      expect(refusal([issue(BATCH, 'alice', 10), offer(3, now), accept()])).toMatchObject({ code: 'Conflict', message: expect.stringContaining('expired') });
      expect(refusal([issue(BATCH, 'alice', 10), offer(3), withdraw('bob'), accept()])).toMatchObject({ code: 'NotFound' });
      expect(refusal([issue(BATCH, 'alice', 10), offer(3), accept(), accept()])).toMatchObject({ code: 'NotFound' });
    });

    it('the buyer declines, the seller cancels, either closes an expired offer; the serials go back to the seller', () => {
      for (const [commands, reason] of [
        [[offer(3), withdraw('bob')], 'declined'],
        [[offer(3), withdraw('alice')], 'cancelled'],
        [[offer(3, now), withdraw('bob')], 'expired'],
        [[offer(3, now), withdraw('alice')], 'expired'],
      ] as const) {
        const { state, events } = run([issue(BATCH, 'alice', 10), ...commands]);
        expect(events).toEqual([
          {
            type: 'DirectTradeOfferWithdrawn',
            data: {
              offerId: ids(20),
              reason,
              withdrawnBy: expect.any(String),
              released: [{ batchId: BATCH, start: 1, end: 3 }],
              withdrawnAt: now.toISOString(),
            },
          },
        ]);
        expect(tradableOf(state, 'alice', BATCH)).toEqual([{ batchId: BATCH, start: 1, end: 10 }]);
        expect(registryViolations(state)).toEqual([]);
      }
      expect(refusal([issue(BATCH, 'alice', 10), offer(3), withdraw('carol')])).toMatchObject({ code: 'Forbidden' });
      expect(refusal([issue(BATCH, 'alice', 10), offer(3, now), withdraw('carol')])).toMatchObject({ code: 'Forbidden' });
    });
  });
});
