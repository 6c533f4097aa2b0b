import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, type CreditEvent, type OrderEvent, type RecordedEvent } from '@carbon-ledger/contracts';
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

  /** The kept totals, and the same figures counted over the order book: they must agree. */
  const totals = async () => ({
    kept: (await bed.db.selectFrom('order_book_totals').select(['owner_id', 'orders', 'open_orders', 'price_sum']).orderBy('owner_id').execute()).map(
      (row) => ({ ...row, orders: Number(row.orders), open_orders: Number(row.open_orders), price_sum: Number(row.price_sum) }),
    ),
    counted: (
      await sql<{ owner_id: string; orders: string; open_orders: string; price_sum: string }>`select coalesce(owner_id, '*') as owner_id, count(*) as orders,
        count(*) filter (where status in ('pending', 'partially_filled')) as open_orders, sum(price) as price_sum
        from order_book group by grouping sets ((owner_id), ()) order by 1`.execute(bed.db)
    ).rows.map((row) => ({ ...row, orders: Number(row.orders), open_orders: Number(row.open_orders), price_sum: Number(row.price_sum) })),
  });
  const expectTotalsCounted = async () => {
    const { kept, counted } = await totals();
    expect(kept).toEqual(counted);
  };

  it('fills both orders of a match; an order traded in full is completed, one traded in part is partially filled', async () => {
    const sell = randomUUID();
    const firstBuy = randomUUID();
    const secondBuy = randomUUID();
    await bed.append(MARKET, [placed(sell, 'sell', 10)]);
    expect(await order(sell)).toEqual({ status: 'pending', filled: 0, amount: 10 });
    await expectTotalsCounted();
    expect((await totals()).kept).toEqual([
      { owner_id: '*', orders: 1, open_orders: 1, price_sum: 20 },
      { owner_id: 'seller', orders: 1, open_orders: 1, price_sum: 20 },
    ]);

    // A buy order and the trades it matched arrive in one append.
    await bed.append(MARKET, [placed(firstBuy, 'buy', 4), matched(firstBuy, sell, 4, 1)]);
    expect(await order(firstBuy)).toEqual({ status: 'completed', filled: 4, amount: 4 });
    expect(await order(sell)).toEqual({ status: 'partially_filled', filled: 4, amount: 10 });
    await expectTotalsCounted();

    await bed.append(MARKET, [placed(secondBuy, 'buy', 10), matched(secondBuy, sell, 6, 5)]);
    expect(await order(sell)).toEqual({ status: 'completed', filled: 10, amount: 10 });
    expect(await order(secondBuy)).toEqual({ status: 'partially_filled', filled: 6, amount: 10 });
    await expectTotalsCounted();

    await bed.append(MARKET, [{ type: 'OrderCancelled', data: { orderId: secondBuy, cancelledBy: 'buyer', remaining: 4, cancelledAt: at(2) } }]);
    expect(await order(secondBuy)).toEqual({ status: 'cancelled', filled: 6, amount: 10 });
    await expectTotalsCounted();
    // Three orders, none open any more (two completed, one cancelled).
    expect((await totals()).kept[0]).toEqual({ owner_id: '*', orders: 3, open_orders: 0, price_sum: 60 });
  });

  it('a redelivered batch of placements moves no total', async () => {
    const again = randomUUID();
    await bed.append(MARKET, [placed(again, 'buy', 3)]);
    const before = await totals();
    expect(before.kept).toEqual(before.counted);
    const redelivered = { ...placed(again, 'buy', 3), streamId: MARKET } as unknown as RecordedEvent;
    await bed.db.transaction().execute((trx) => orderBookProjection.applyBatch([redelivered], trx));
    expect(await totals()).toEqual(before);
  });

  it('direct transfers fill no order', async () => {
    const before = await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute();
    await bed.append(MARKET, [matched(null, null, 1, 11)]);
    expect(await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute()).toEqual(before);
  });

  it('rebuilds the same rows one event at a time', async () => {
    const before = await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute();
    const keptBefore = await totals();
    await bed.rebuild(1);
    expect(await bed.db.selectFrom('order_book').selectAll().orderBy('order_id').execute()).toEqual(before);
    expect(await totals()).toEqual(keptBefore);
    await expectTotalsCounted();
  });
});
