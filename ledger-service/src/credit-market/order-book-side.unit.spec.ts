import { describe, expect, it } from 'vitest';
import { type BookOrder, OrderBookSide } from './order-book-side.js';

interface Order extends BookOrder {
  readonly remaining: number;
}

const ask = (orderId: string, priceCents: number, seq: number, remaining = 1): Order => ({ orderId, side: 'sell', priceCents, seq, remaining });
const bid = (orderId: string, priceCents: number, seq: number): Order => ({ orderId, side: 'buy', priceCents, seq, remaining: 1 });
const ids = (side: OrderBookSide<Order>): string[] => [...side].map((order) => order.orderId);

describe('OrderBookSide', () => {
  it('keeps asks lowest price first and bids highest first, earlier first at equal prices', () => {
    const asks = new OrderBookSide<Order>();
    for (const order of [ask('a', 1100, 1), ask('b', 1000, 2), ask('c', 1100, 3), ask('d', 1000, 4)]) asks.insert(order);
    expect(ids(asks)).toEqual(['b', 'd', 'a', 'c']);
    const bids = new OrderBookSide<Order>();
    for (const order of [bid('a', 1000, 1), bid('b', 1100, 2), bid('c', 1000, 3)]) bids.insert(order);
    expect(ids(bids)).toEqual(['b', 'a', 'c']);
  });

  it('updates an open order in place and takes a closed one off, from the front or from inside', () => {
    const asks = new OrderBookSide<Order>();
    for (const order of [ask('a', 1000, 1), ask('b', 1000, 2), ask('c', 1000, 3)]) asks.insert(order);
    asks.replace(ask('a', 1000, 1, 0.5), true);
    expect([...asks][0]).toMatchObject({ orderId: 'a', remaining: 0.5 });
    asks.replace(ask('b', 1000, 2), false);
    expect(ids(asks)).toEqual(['a', 'c']);
    asks.replace(ask('a', 1000, 1), false);
    expect(ids(asks)).toEqual(['c']);
    expect(asks).toHaveLength(1);
    asks.replace(ask('gone', 1000, 9), false);
    expect(ids(asks)).toEqual(['c']);
  });

  it('puts a better order in front after the best ones have traded, and stays sorted through compaction', () => {
    const asks = new OrderBookSide<Order>();
    const count = 5_000;
    for (let seq = 0; seq < count; seq += 1) asks.insert(ask(`o${seq}`, 1000 + (seq % 7), seq));
    const expected = [...asks].map((order) => order.orderId);
    // The best 3,000 trade away one after another, as a run of crossing buys takes them.
    for (const order of [...asks].slice(0, 3_000)) asks.replace(order, false);
    expect(ids(asks)).toEqual(expected.slice(3_000));
    asks.insert(ask('cheaper', 900, count));
    asks.insert(ask('last', 2000, count + 1));
    expect(ids(asks)).toEqual(['cheaper', ...expected.slice(3_000), 'last']);
    expect(asks).toHaveLength(count - 3_000 + 2);
    for (const order of [...asks]) asks.replace(order, false);
    expect(asks).toHaveLength(0);
    asks.insert(ask('again', 1000, count + 2));
    expect(ids(asks)).toEqual(['again']);
  });
});
