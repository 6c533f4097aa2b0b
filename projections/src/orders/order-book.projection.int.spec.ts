import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, type CreditEvent, type OrderEvent } from '@carbon-ledger/contracts';
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
