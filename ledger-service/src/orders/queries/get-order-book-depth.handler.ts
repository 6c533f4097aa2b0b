import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { marketplaceCreditTypes, ORDER_BOOK_DEPTH_LEVELS, type MarketplaceQuery, type OrderBookDepthResponse } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

const OPEN_STATUSES = ['pending', 'partially_filled'];

/** The depth chart of one market (or all, when creditType/vintage are left out). */
export class GetOrderBookDepthQuery extends Query<OrderBookDepthResponse> {
  constructor(readonly filter: MarketplaceQuery) {
    super();
  }
}

/** PostgreSQL sums the open orders by side and price and cumulates them from the spread outwards. */
@QueryHandler(GetOrderBookDepthQuery)
export class GetOrderBookDepthHandler implements IQueryHandler<GetOrderBookDepthQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ filter }: GetOrderBookDepthQuery): Promise<OrderBookDepthResponse> {
    const projectType = marketplaceCreditTypes.find((type) => type.value === filter.creditType)?.projectType;
    const side = async (which: 'buy' | 'sell'): Promise<OrderBookDepthResponse['bids']> => {
      let query = this.db
        .selectFrom('order_book')
        .where('status', 'in', OPEN_STATUSES)
        .where('side', '=', which)
        .where(sql<boolean>`amount > filled`);
      if (projectType) query = query.where('project_type', '=', projectType);
      if (filter.vintage !== undefined) query = query.where('vintage', '=', filter.vintage);
      const rows = await query
        .select([
          'price',
          sql<string>`sum(amount - filled)`.as('quantity'),
          (which === 'buy'
            ? sql<string>`sum(sum(amount - filled)) over (order by price desc)`
            : sql<string>`sum(sum(amount - filled)) over (order by price asc)`
          ).as('cumulative'),
        ])
        .groupBy('price')
        .orderBy('price', which === 'buy' ? 'desc' : 'asc')
        .limit(ORDER_BOOK_DEPTH_LEVELS)
        .execute();
      return rows.map((row) => ({ price: row.price, quantity: Number(row.quantity), cumulative: Number(row.cumulative) }));
    };
    const [bids, asks] = await Promise.all([side('buy'), side('sell')]);
    return { bids, asks };
  }
}
