import { isOrderEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import type { Projection, ProjectionWriter } from '../runtime/projection.js';

/** The Trading Desk's order book: one row per order with its current status. */
export const orderBookProjection: Projection = {
  name: 'order-book',
  views: ['orders'],
  tables: ['order_book'],
  async apply(recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
    if (!isOrderEvent(recorded)) return false;
    const event = recorded;
    switch (event.type) {
      case 'OrderPlaced': {
        const { data } = event;
        await db
          .insertInto('order_book')
          .values({
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
          })
          .onConflict((conflict) => conflict.column('order_id').doNothing())
          .execute();
        return true;
      }
      case 'OrderCancelled': {
        await db
          .updateTable('order_book')
          .set({ status: 'cancelled', updated_at: event.data.cancelledAt })
          .where('order_id', '=', event.data.orderId)
          .execute();
        return true;
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  },
};
