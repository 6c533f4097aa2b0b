import type { PlaceOrderRequest } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { type CreditMarketCommand, type CreditMarketState, decideCreditMarket, evolveCreditMarket, initialCreditMarketState } from './credit-market.decider.js';
import { PROPERTY_MARKET, uuid } from './credit-market.property.js';
import { issueRegistryBatch } from '../test-support/registry-batch.js';

const now = new Date('2026-11-26T10:00:00.000Z');
const USERS = ['alice', 'bob', 'carol'] as const;

const orderCommand = fc.record({
  owner: fc.constantFrom(...USERS),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  amount: fc.integer({ min: 1, max: 8 }),
  // Few price levels, so orders cross often and a user often meets their own order.
  cents: fc.integer({ min: 9_900, max: 9_904 }),
  cancelIndex: fc.option(fc.nat(), { freq: 5 }),
});

function bestPrices(state: CreditMarketState): { bid: number | undefined; ask: number | undefined } {
  const [bid] = state.bids;
  const [ask] = state.asks;
  return { bid: bid?.priceCents, ask: ask?.priceCents };
}

describe('self-trade prevention (property)', () => {
  it('after any sequence of orders and cancels by three users, the book is never crossed (best bid < best ask) and no trade is with oneself', () => {
    fc.assert(
      fc.property(fc.array(orderCommand, { minLength: 1, maxLength: 60 }), (steps) => {
        const state = initialCreditMarketState();
        const apply = (command: CreditMarketCommand, step: number): void => {
          let events;
          try {
            events = decideCreditMarket(command, state, { now, newId: (purpose) => `${uuid(step)}:${purpose}`, market: PROPERTY_MARKET });
          } catch (error) {
            if (error instanceof DomainError) return;
            throw error;
          }
          for (const event of events) {
            if (event.type === 'TradeExecuted') expect(event.data.buyerAccountId).not.toBe(event.data.sellerAccountId);
            evolveCreditMarket(state, event);
          }
        };
        USERS.forEach((user, index) => apply(issueRegistryBatch(`SOLAR-2026-0000000${index}`, user, 200), 1_000 + index));
        steps.forEach((step, index) => {
          if (step.cancelIndex !== null) {
            const open = [...state.orders.values()].filter((order) => order.status === 'pending' || order.status === 'partially_filled');
            const target = open[step.cancelIndex % Math.max(open.length, 1)];
            if (target) apply({ type: 'CancelOrder', orderId: target.orderId, requestedBy: target.ownerId, isAdmin: false }, index);
          } else {
            const order: PlaceOrderRequest = {
              type: step.side,
              amount: step.amount,
              price: (step.cents / 100).toFixed(2),
              projectType: 'Solar Energy',
              vintage: 2026,
            };
            apply({ type: 'PlaceOrder', orderId: uuid(index), ownerId: step.owner, order }, index);
          }
          const { bid, ask } = bestPrices(state);
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        });
      }),
      { numRuns: 300 },
    );
  });
});
