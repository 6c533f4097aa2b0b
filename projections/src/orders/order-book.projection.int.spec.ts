import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, type CreditEvent, type OrderEvent } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useProjectionTestBed } from '../test-support/projection-test-bed.js';
import { orderBookProjection } from './order-book.projection.js';

const MARKET = creditMarketStreamId('Wind Energy', 2024);
const TOKEN = 'WIND-2024-00C0FFEE';
const at = (minute: number): string => new Date(Date.UTC(2026, 0, 5, 10, minute)).toISOString();

function placed(orderId: string, side: 'buy' | 'sell', amount: number): OrderEvent {
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      ownerId: side === 'sell' ? 'seller' : 'buyer',
      side,
      amount,
      price: '20.00',
      projectType: 'Wind Energy',
      vintage: 2024,
      ...(side === 'sell' ? { reserved: [{ batchId: TOKEN, start: 1, end: amount }] } : {}),
      placedAt: at(0),
    },
  };
}

function matched(buyOrderId: string | null, sellOrderId: string | null, quantity: number, start: number): CreditEvent {
  return {
    type: 'TradeExecuted',
    data: {
      tradeId: randomUUID(),
      kind: buyOrderId && sellOrderId ? 'order-match' : 'direct',
      projectType: 'Wind Energy',
      vintage: 2024,
      buyOrderId,
      sellOrderId,
      aggressor: buyOrderId && sellOrderId ? 'buy' : null,
      buyerAccountId: 'buyer',
      sellerAccountId: 'seller',
      quantity,
      price: '20.00',
      ranges: [{ batchId: TOKEN, start, end: start + quantity - 1 }],
      settlement: { status: 'pending' },
      executedAt: at(1),
    },
  };
}

describe('order book projection: fills', () => {
  const bed = useProjectionTestBed([orderBookProjection]);
  const order = (orderId: string) =>
    bed.db.selectFrom('order_book').select(['status', 'filled', 'amount']).where('order_id', '=', orderId).executeTakeFirstOrThrow();

  it('fills both orders of a match; an order traded in full is completed, one traded in part is partially filled', async () => {
    const sell = randomUUID();
    const firstBuy = randomUUID();
    const secondBuy = randomUUID();
    await bed.append(MARKET, [placed(sell, 'sell', 10)]);
    expect(await order(sell)).toEqual({ status: 'pending', filled: 0, amount: 10 });

    // A buy order and the trades it matched arrive in one append.
    await bed.append(MARKET, [placed(firstBuy, 'buy', 4), matched(firstBuy, sell, 4, 1)]);
    expect(await order(firstBuy)).toEqual({ status: 'completed', filled: 4, amount: 4 });
    expect(await order(sell)).toEqual({ status: 'partially_filled', filled: 4, amount: 10 });

    await bed.append(MARKET, [placed(secondBuy, 'buy', 10), matched(secondBuy, sell, 6, 5)]);
    expect(await order(sell)).toEqual({ status: 'completed', filled: 10, amount: 10 });
    expect(await order(secondBuy)).toEqual({ status: 'partially_filled', filled: 6, amount: 10 });

    await bed.append(MARKET, [{ type: 'OrderCancelled', data: { orderId: secondBuy, cancelledBy: 'buyer', remaining: 4, cancelledAt: at(2) } }]);
    expect(await order(secondBuy)).toEqual({ status: 'cancelled', filled: 6, amount: 10 });
  });

  it('direct transfers fill no order', async () => {
    const before = await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute();
    await bed.append(MARKET, [matched(null, null, 1, 11)]);
    expect(await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute()).toEqual(before);
  });

  it('rebuilds the same rows one event at a time', async () => {
    const before = await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute();
    await bed.rebuild(1);
    expect(await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute()).toEqual(before);
  });
});

describe('order book projection: the order list’s figures', () => {
  const bed = useProjectionTestBed([orderBookProjection]);

  /** The order list's figures as one aggregate over every order, per owner and for everyone ('*'). */
  const counted = async () =>
    (
      await sql<{ owner_id: string; orders: string; open_orders: string; price_sum: string }>`
        select coalesce(owner_id, '*') as owner_id, count(*)::text as orders,
               count(*) filter (where status in ('pending', 'partially_filled'))::text as open_orders, sum(price)::text as price_sum
        from order_book group by grouping sets ((owner_id), ()) order by 1`.execute(bed.db)
    ).rows;
  const kept = async () =>
    (
      await sql<{ owner_id: string; orders: string; open_orders: string; price_sum: string }>`
        select owner_id, orders::text, open_orders::text, price_sum::text from order_book_totals where orders > 0 order by 1`.execute(bed.db)
    ).rows;

  it('keeps the order list’s figures per owner and for everyone equal to a count of the orders, whatever the batches, and a rebuild keeps the same', async () => {
    type Step =
      { kind: 'place'; owner: number; amount: number; cents: number } | { kind: 'fill'; pick: number; quantity: number } | { kind: 'cancel'; pick: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constant('place' as const),
          owner: fc.nat({ max: 3 }),
          amount: fc.integer({ min: 1, max: 6 }),
          cents: fc.integer({ min: 1, max: 99_999 }),
        }),
      },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('fill' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 6 }) }) },
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }), async (appends) => {
        const open: { orderId: string; owner: string; remaining: number }[] = [];
        let serial = 1;
        for (const steps of appends) {
          const events: (OrderEvent | CreditEvent)[] = [];
          for (const next of steps) {
            if (next.kind === 'place') {
              const orderId = randomUUID();
              const owner = `owner-${next.owner}`;
              events.push({
                type: 'OrderPlaced',
                data: {
                  orderId,
                  ownerId: owner,
                  side: 'buy',
                  amount: next.amount,
                  price: (next.cents / 100).toFixed(2),
                  projectType: 'Wind Energy',
                  vintage: 2024,
                  placedAt: at(0),
                },
              });
              open.push({ orderId, owner, remaining: next.amount });
              continue;
            }
            const order = open[next.pick % Math.max(open.length, 1)];
            if (!order) continue;
            if (next.kind === 'cancel') {
              events.push({
                type: 'OrderCancelled',
                data: { orderId: order.orderId, cancelledBy: order.owner, remaining: order.remaining, cancelledAt: at(2) },
              });
              open.splice(open.indexOf(order), 1);
              continue;
            }
            const quantity = Math.min(next.quantity, order.remaining);
            events.push(matched(order.orderId, null, quantity, serial));
            // One side of an order match is enough for the book: the other side is an order of nobody here.
            (events.at(-1) as { data: { kind: string } }).data.kind = 'order-match';
            serial += quantity;
            order.remaining -= quantity;
            if (order.remaining === 0) open.splice(open.indexOf(order), 1);
          }
          if (events.length > 0) await bed.append(MARKET, events);
        }
        expect(await kept()).toEqual(await counted());
      }),
      { numRuns: 15 },
    );
    const before = await kept();
    await bed.rebuild(1);
    expect(await kept()).toEqual(before);
    await bed.rebuild(500);
    expect(await kept()).toEqual(before);
  });
});
