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
import { exhaustive, type Projection, type ProjectionWriter, statementChunks } from '../runtime/projection.js';

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
    labels: data.labels ? JSON.stringify(data.labels) : null,
  };
}

type OrderBookEvent = OrderPlaced | OrderCancelled | TradeExecuted;

/** Order events, and the trades that fill orders (direct transfers and XRPL swaps fill none). */
function isOrderBookEvent(recorded: RecordedEvent): recorded is RecordedEvent & OrderBookEvent {
  return isOrderEvent(recorded) || (isCreditEvent(recorded) && recorded.type === 'TradeExecuted' && recorded.data.kind === 'order-match');
}

/** What a batch does to an order stored before it: fills added up, and whether it ends cancelled. */
interface StoredChange {
  fill: number;
  cancelled: boolean;
  updatedAt: string;
}

/**
 * A batch is one statement with bound parameters: new orders go in as one multi-row insert,
 * and every order stored before the batch changes in one update over `unnest` of its arrays
 * (fills add to `filled`, an order that has traded its whole amount is completed, one cancelled
 * in the batch ends cancelled). The two touch different rows, so both ride along as
 * data-modifying WITHs of the statement that moves the order list's figures in
 * `order_book_totals` by what they returned: an inserted order counts once (a row already there
 * is not returned), and a stored order that the batch closed leaves the open orders. A stored
 * order a batch fills or cancels was open (the market refuses both on a closed order), so no
 * read of its status before the update is needed.
 */
async function writeBatch(db: ProjectionWriter, allPlaced: ReturnType<typeof placedRow>[], changes: ReadonlyMap<string, StoredChange>): Promise<void> {
  // Past one statement's parameters, the first orders go in their own statements (they touch other rows than the update).
  const chunks = statementChunks(allPlaced, 8);
  const placed = chunks.pop() ?? [];
  const insert = (creator: ProjectionWriter, rows: readonly ReturnType<typeof placedRow>[]) =>
    creator
      .insertInto('order_book')
      .values([...rows])
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .returning(['owner_id', 'price', 'status']);
  for (const chunk of chunks)
    await countedIn(
      db.with('placed', (creator) => insert(creator, chunk)),
      true,
      false,
    ).execute();
  if (changes.size === 0) {
    if (placed.length > 0)
      await countedIn(
        db.with('placed', (creator) => insert(creator, placed)),
        true,
        false,
      ).execute();
    return;
  }
  const orderIds = [...changes.keys()];
  const fills = [...changes.values()].map((change) => change.fill);
  const cancelled = [...changes.values()].map((change) => change.cancelled);
  const updatedAt = [...changes.values()].map((change) => change.updatedAt);
  // Through the query builder, so a rebuild (db.withSchema) writes its own schema's table.
  const changed = sql<{
    order_id: string;
    fill: number;
    cancelled: boolean;
    updated_at: Date;
  }>`(select * from unnest(${orderIds}::uuid[], ${fills}::integer[], ${cancelled}::boolean[], ${updatedAt}::timestamptz[]) as t(order_id, fill, cancelled, updated_at))`.as(
    'v',
  );
  const writer = placed.length > 0 ? db.with('placed', (creator) => insert(creator, placed)) : db;
  const withUpdate = writer.with('updated', (creator) =>
    creator
      .updateTable('order_book as o')
      .from(changed)
      .set({
        filled: sql<number>`o.filled + v.fill`,
        status: sql<string>`case when v.cancelled then 'cancelled' when o.filled + v.fill >= o.amount then 'completed' else 'partially_filled' end`,
        updated_at: sql<Date>`v.updated_at`,
      })
      .where(sql<boolean>`o.order_id = v.order_id`)
      .returning(['o.owner_id', 'o.status']),
  );
  await countedIn(withUpdate, placed.length > 0, true).execute();
}

/**
 * The statement that moves `order_book_totals` by what the WITHs `placed` (orders inserted) and
 * `updated` (stored orders changed) returned, per owner and for everyone ('*').
 */
function countedIn(writer: ProjectionWriter, placed: boolean, updated: boolean) {
  const moves = [
    ...(placed
      ? [sql`select owner_id, 1 as orders, case when status in ('pending', 'partially_filled') then 1 else 0 end as open_orders, price from placed`]
      : []),
    ...(updated ? [sql`select owner_id, 0 as orders, -1 as open_orders, 0 as price from updated where status in ('completed', 'cancelled')`] : []),
  ];
  return writer
    .insertInto('order_book_totals')
    .columns(['owner_id', 'orders', 'open_orders', 'price_sum'])
    .expression(
      sql`select coalesce(owner_id, '*'), sum(orders), sum(open_orders), sum(price)
        from (${sql.join(moves, sql` union all `)}) as moved
        group by grouping sets ((owner_id), ()) having count(*) > 0`,
    )
    .onConflict((conflict) =>
      conflict.column('owner_id').doUpdateSet({
        orders: sql`order_book_totals.orders + excluded.orders`,
        open_orders: sql`order_book_totals.open_orders + excluded.open_orders`,
        price_sum: sql`order_book_totals.price_sum + excluded.price_sum`,
      }),
    );
}

/** The Trading Desk's order book: one row per order with its fills and current status. */
export const orderBookProjection: Projection = {
  name: 'order-book',
  eventTypes: new Set([...orderEventTypes, 'TradeExecuted']),
  views: ['orders', 'marketplace'],
  tables: ['order_book', 'order_book_totals'],
  /**
   * One statement per batch (writeBatch). Fills and cancellations are folded in memory in
   * log order, per order, first.
   */
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    let changed = false;
    const placed = new Map<string, ReturnType<typeof placedRow>>();
    const stored = new Map<string, StoredChange>();
    const storedChange = (orderId: string, at: string): StoredChange => {
      const change = stored.get(orderId) ?? { fill: 0, cancelled: false, updatedAt: at };
      change.updatedAt = at;
      stored.set(orderId, change);
      return change;
    };
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
          storedChange(event.data.orderId, event.data.cancelledAt).cancelled = true;
          break;
        }
        case 'TradeExecuted': {
          for (const orderId of [event.data.buyOrderId, event.data.sellOrderId]) {
            if (orderId === null) continue;
            const row = placed.get(orderId);
            if (!row) {
              storedChange(orderId, event.data.executedAt).fill += event.data.quantity;
              continue;
            }
            row.filled += event.data.quantity;
            row.status = row.filled >= row.amount ? 'completed' : 'partially_filled';
            row.updated_at = event.data.executedAt;
          }
          break;
        }
        default:
          return exhaustive(event);
      }
    }
    if (changed) await writeBatch(db, [...placed.values()], stored);
    return changed;
  },
};
