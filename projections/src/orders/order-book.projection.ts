import { isOrderEvent, type OrderPlaced, type RecordedEvent } from '@carbon-ledger/contracts';
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
    status: 'pending',
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

/** The Trading Desk's order book: one row per order with its current status. */
export const orderBookProjection: Projection = {
  name: 'order-book',
  views: ['orders'],
  tables: ['order_book'],
  async apply(recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
    return orderBookProjection.applyBatch!([recorded], db);
  },
  /** New orders go in as one multi-row insert; a cancellation first flushes the orders before it. */
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    let changed = false;
    let placed: ReturnType<typeof placedRow>[] = [];
    for (const recorded of events) {
      if (!isOrderEvent(recorded)) continue;
      const event = recorded;
      changed = true;
      switch (event.type) {
        case 'OrderPlaced':
          placed.push(placedRow(event.data));
          break;
        case 'OrderCancelled':
          await insertPlaced(db, placed);
          placed = [];
          await db
            .updateTable('order_book')
            .set({ status: 'cancelled', updated_at: event.data.cancelledAt })
            .where('order_id', '=', event.data.orderId)
            .execute();
          break;
        default: {
          const exhaustive: never = event;
          return exhaustive;
        }
      }
    }
    await insertPlaced(db, placed);
    return changed;
  },
};
