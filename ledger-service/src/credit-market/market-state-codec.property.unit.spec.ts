import { seededRandom } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { type CreditMarketState, decideCreditMarket, evolveCreditMarket, initialCreditMarketState, registryViolations } from './credit-market.decider.js';
import { answerOf, fundSomeBuys, type ListedOrder, listOrder, randomCommand, stepContext } from './credit-market.property.js';
import { decodeMarketState, encodeMarketState, marketStateCodec } from './market-state-codec.js';

const now = new Date('2026-11-28T10:00:00.000Z');

function itemsOf(state: CreditMarketState): number {
  let items = state.orders.size;
  for (const byBatch of state.tradable.values()) for (const ranges of byBatch.values()) items += ranges.length;
  for (const ranges of state.retired.values()) items += ranges.length;
  for (const ranges of state.cancelled.values()) items += ranges.length;
  for (const order of state.orders.values()) items += order.reserved.length;
  for (const offer of state.offers.values()) items += offer.ranges.length;
  return items;
}

/** What a decision can see of a state: every field, the books in their order, serial ranges as their bounds. */
function seen(state: CreditMarketState): unknown {
  const bounds = (ranges: readonly { start: number; end: number }[]) => ranges.map(({ start, end }) => [start, end]);
  return {
    seq: state.seq,
    batches: [...state.batches.values()].map((batch) => ({ ...batch, settled: [...batch.settled] })),
    tradable: [...state.tradable].map(([account, byBatch]) => [account, [...byBatch].map(([batchId, ranges]) => [batchId, bounds(ranges)])]),
    retired: [...state.retired].map(([batchId, ranges]) => [batchId, bounds(ranges)]),
    orders: [...state.orders.values()],
    bids: [...state.bids].map((order) => order.orderId),
    asks: [...state.asks].map((order) => order.orderId),
    offers: [...state.offers.values()],
  };
}

describe('the market state codec (snapshots, property)', () => {
  it('gives back a state that answers every later command as the state it encoded, and that stays the same object graph (an order is one object in `orders` and its book)', () => {
    let decodedAt = 0;
    let compared = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const next = seededRandom(seed);
      const original = initialCreditMarketState();
      let decoded = initialCreditMarketState();
      const listed = new Map<string, ListedOrder>();
      for (let step = 0; step < 2_500; step += 1) {
        // Every so often the copy is replaced by a decode of the original, as a cold load starts from a snapshot.
        if (step % 97 === 0) {
          // The snapshots' spacing counts the state's items from the columns (both ways): the same as walking it.
          const encoded = encodeMarketState(original);
          const back = decodeMarketState(encoded.bytes);
          expect([encoded.work, back.work]).toEqual([itemsOf(original), itemsOf(original)]);
          decoded = back.state;
          decodedAt += 1;
          expect(seen(decoded)).toEqual(seen(original));
          for (const side of [decoded.bids, decoded.asks]) for (const order of side) expect(decoded.orders.get(order.orderId)).toBe(order);
        }
        const command = fundSomeBuys(randomCommand(next, original, step, listed), next, step);
        const answer = (state: CreditMarketState) => answerOf(() => decideCreditMarket(command, state, stepContext(now, step)));
        const expected = answer(original);
        expect({ step, seed, answer: answer(decoded) }).toEqual({ step, seed, answer: expected });
        compared += 1;
        for (const event of 'events' in expected ? expected.events : []) {
          evolveCreditMarket(original, event);
          evolveCreditMarket(decoded, event);
          listOrder(listed, event);
        }
      }
      expect(seen(decoded)).toEqual(seen(original));
      expect(registryViolations(decoded)).toEqual([]);
    }
    expect(decodedAt).toBeGreaterThan(100);
    expect(compared).toBe(6 * 2_500);
  });

  it('refuses bytes of another schema, and a state with a field it does not know', () => {
    expect(() => marketStateCodec.decode(Buffer.from('not a snapshot'))).toThrow();
    const state = initialCreditMarketState();
    expect(() => marketStateCodec.encode({ ...state, extra: 1 } as CreditMarketState)).toThrow(/update market-state-codec.ts/);
  });
});
