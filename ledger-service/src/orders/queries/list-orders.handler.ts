import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  type CreditLabel,
  creditLabels,
  type ListOrdersParams,
  type ListOrdersResponse,
  type OrderScope,
  type OrderView,
  pageOf,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { escrowLabels } from '../../shared/batch-claims-reader.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { afterNewestThenId, instantKey } from '../../shared/keyset-page.js';

/** 'mine' covers the viewer's orders only; 'all' every user's (the controller allows it to oversight roles). */
export class ListOrdersQuery extends Query<ListOrdersResponse> {
  constructor(
    readonly viewerId: string,
    readonly scope: OrderScope,
    readonly page: Pick<ListOrdersParams, 'limit' | 'cursor'>,
  ) {
    super();
  }
}

export class GetOrderQuery extends Query<OrderView | undefined> {
  constructor(readonly orderId: string) {
    super();
  }
}

type OrderRow = {
  order_id: string;
  side: 'buy' | 'sell';
  amount: number;
  price: string;
  project_type: string;
  vintage: number;
  status: string;
  filled: number;
  owner_id: string;
  placed_at: Date;
  labels: string[] | null;
};

/** A bid's stored labels, as the vocabulary has them (a stored word it does not know is dropped). */
const requiredLabels = (stored: readonly string[] | null): CreditLabel[] => creditLabels.filter((label) => stored?.includes(label));

function toView(row: OrderRow): OrderView {
  return {
    id: row.order_id,
    type: row.side,
    amount: row.amount,
    price: row.price,
    projectType: row.project_type as OrderView['projectType'],
    vintage: row.vintage,
    status: row.status as OrderView['status'],
    filled: row.filled,
    ownerId: row.owner_id,
    createdAt: row.placed_at.toISOString(),
    // A bid for labelled credits: what it requires.
    ...(row.side === 'buy' && row.labels ? { labels: requiredLabels(row.labels) } : {}),
  };
}

const columns = ['order_id', 'side', 'amount', 'price', 'project_type', 'vintage', 'status', 'filled', 'owner_id', 'placed_at', 'labels'] as const;

/** The key of everyone's figures in order_book_totals (user ids are UUIDs). */
const EVERYONE = '*';

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ viewerId, scope, page: { limit, cursor } }: ListOrdersQuery): Promise<ListOrdersResponse> {
    const book = scope === 'mine' ? this.db.selectFrom('order_book').where('owner_id', '=', viewerId) : this.db.selectFrom('order_book');
    const newest = book.select([...columns, instantKey('placed_at').as('at_key')]);
    const [found, totals] = await Promise.all([
      (cursor ? newest.where(afterNewestThenId({ at: 'placed_at', id: 'order_id' }, cursor)) : newest)
        .orderBy('placed_at', 'desc')
        .orderBy('order_id')
        .limit(limit + 1)
        .execute(),
      // Kept by the order-book projection as it writes each batch: one row, however many orders there are.
      this.db
        .selectFrom('order_book_totals')
        .select([
          'orders',
          'open_orders',
          // The mean limit price, to the cent, as the aggregate over the orders gave it.
          sql<string>`(case when orders = 0 then 0 else round(price_sum / orders, 2) end)::numeric(12, 2)`.as('average'),
        ])
        .where('owner_id', '=', scope === 'mine' ? viewerId : EVERYONE)
        .executeTakeFirst(),
    ]);
    // The totals stay whole-scope figures, not the page's.
    const { rows, nextCursor } = pageOf(found, limit, 'orders', (row) => [row.at_key, row.order_id]);
    const labels = await escrowLabels(
      this.db,
      rows.filter((row) => row.side === 'sell').map((row) => row.order_id),
      labelRulesOf(this.config),
    );
    return {
      scope,
      // A sell shows what its escrow carries; a buy what it requires (a buy for any batch: none).
      orders: rows.map((row) => (row.side === 'sell' ? { ...toView(row), labels: labels.get(row.order_id) ?? [] } : toView(row))),
      nextCursor,
      totalOrders: Number(totals?.orders ?? 0),
      pendingOrders: Number(totals?.open_orders ?? 0),
      averagePrice: totals?.average ?? '0.00',
    };
  }
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ orderId }: GetOrderQuery): Promise<OrderView | undefined> {
    const row = await this.db.selectFrom('order_book').select(columns).where('order_id', '=', orderId).executeTakeFirst();
    return row ? toView(row) : undefined;
  }
}
