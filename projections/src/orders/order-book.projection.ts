import {
  isCreditEvent,
  isOrderEvent,
  type OrderCancelled,
  type OrderPlaced,
  type RecordedEvent,
  type TradeExecuted,
  orderEventTypes,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { Projection, ProjectionWriter } from '../runtime/projection.js';

function placedRow(data: OrderPlaced['data']) {
  return {
    order_id: data.orderId,
    owner_id: data.ownerId,
    side: data.side,
    amount: data.amount,
    price: data.price,
    project_type: data.projectType,
    vintage: data.vintage,
    status: 'pending' as string,
    filled: 0,
    placed_at: data.placedAt,
    updated_at: data.placedAt,
  };
}

async function insertPlaced(db: ProjectionWriter, rows: ReturnType<typeof placedRow>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('order_book')
    .values(rows)
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute();
}

type OrderBookEvent = OrderPlaced | OrderCancelled | TradeExecuted;

/** Order events, and the trades that fill orders (direct transfers and XRPL swaps fill none). */
function isOrderBookEvent(recorded: RecordedEvent): recorded is RecordedEvent & OrderBookEvent {
  return isOrderEvent(recorded) || (isCreditEvent(recorded) && recorded.type === 'TradeExecuted' && recorded.data.kind === 'order-match');
}

/** Orders of a match fill by the traded quantity; an order that has traded its whole amount is completed. */
async function applyFill(db: ProjectionWriter, data: TradeExecuted['data'], orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('order_book')
    .set({
      filled: sql<number>`filled + ${data.quantity}`,
      status: sql<string>`case when filled + ${data.quantity} >= amount then 'completed' else 'partially_filled' end`,
      updated_at: data.executedAt,
    })
    .where('order_id', 'in', orderIds)
    .execute();
}

/** The Trading Desk's order book: one row per order with its fills and current status. */
export const orderBookProjection: Projection = {
  name: 'order-book',
  eventTypes: new Set([...orderEventTypes, 'TradeExecuted']),
  views: ['orders', 'marketplace'],
  tables: ['order_book'],
  async apply(recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
    return orderBookProjection.applyBatch!([recorded], db);
  },
  /**
   * New orders go in as one multi-row insert at the end of the batch; fills and cancellations of
   * orders placed in the same batch change those rows in memory, others are updated in place
   * (an order's own events stay in log order either way).
   */
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    let changed = false;
    const placed = new Map<string, ReturnType<typeof placedRow>>();
    for (const recorded of events) {
      if (!isOrderBookEvent(recorded)) continue;
      const event = recorded;
      changed = true;
      switch (event.type) {
        case 'OrderPlaced':
          placed.set(event.data.orderId, placedRow(event.data));
          break;
        case 'OrderCancelled': {
          const row = placed.get(event.data.orderId);
          if (row) {
            row.status = 'cancelled';
            row.updated_at = event.data.cancelledAt;
            break;
          }
          await db
            .updateTable('order_book')
            .set({ status: 'cancelled', updated_at: event.data.cancelledAt })
            .where('order_id', '=', event.data.orderId)
            .execute();
          break;
        }
        case 'TradeExecuted': {
          const stored: string[] = [];
          for (const orderId of [event.data.buyOrderId, event.data.sellOrderId]) {
            if (orderId === null) continue;
            const row = placed.get(orderId);
            if (!row) {
              stored.push(orderId);
              continue;
            }
            row.filled += event.data.quantity;
            row.status = row.filled >= row.amount ? 'completed' : 'partially_filled';
            row.updated_at = event.data.executedAt;
          }
          await applyFill(db, event.data, stored);
          break;
        }
        default: {
          const exhaustive: never = event;
          return exhaustive;
        }
      }
    }
    await insertPlaced(db, [...placed.values()]);
    return changed;
  },
};
