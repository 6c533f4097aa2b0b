import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { marketplaceCreditTypes, type MarketplaceQuery, type MarketplaceResponse } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { escrowedBatchesLabelled } from '../../shared/batch-claims-reader.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { tradeSide } from '../../credit-market/trade-side.js';

const BOOK_LEVELS = 10;
const RECENT_TRADES = 10;
const DAY_MS = 86_400_000;
const OPEN_STATUSES = ['pending', 'partially_filled'];

/** The Marketplace screen of one market (or all, when creditType/vintage are left out). */
export class GetMarketplaceQuery extends Query<MarketplaceResponse> {
  constructor(
    readonly filter: MarketplaceQuery,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

const creditTypeOf = (projectType: string): string => marketplaceCreditTypes.find((type) => type.projectType === projectType)?.value ?? projectType;

@QueryHandler(GetMarketplaceQuery)
export class GetMarketplaceHandler implements IQueryHandler<GetMarketplaceQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ filter, now }: GetMarketplaceQuery): Promise<MarketplaceResponse> {
    const projectType = marketplaceCreditTypes.find((type) => type.value === filter.creditType)?.projectType;
    const labelled = filter.label ? await escrowedBatchesLabelled(this.db, filter.label, labelRulesOf(this.config)) : undefined;
    const orders = () => {
      let query = this.db.selectFrom('order_book').where('status', 'in', OPEN_STATUSES);
      if (projectType) query = query.where('project_type', '=', projectType);
      if (filter.vintage !== undefined) query = query.where('vintage', '=', filter.vintage);
      // A sell order is a labelled listing when every serial in its escrow is of a labelled batch; a bid
      // when it would take credits with that label alone (it requires no other label).
      if (labelled)
        query = query.where(
          sql<boolean>`((side = 'buy' and (labels is null or labels <@ ${JSON.stringify([filter.label])}::jsonb)) or (exists (select 1 from credit_holdings h where h.order_id = order_book.order_id and h.status = 'reserved')
            and not exists (select 1 from credit_holdings h where h.order_id = order_book.order_id and h.status = 'reserved' and not (h.token_id = any(${labelled}::text[])))))`,
        );
      return query;
    };
    // XRPL AMM swaps are priced in XRP; the marketplace's prices are the registry's USD prices.
    const trades = () => {
      let query = this.db.selectFrom('credit_trades').where('kind', '!=', 'xrpl-amm');
      if (projectType) query = query.where('project_type', '=', projectType);
      if (filter.vintage !== undefined) query = query.where('vintage', '=', filter.vintage);
      return query;
    };
    const levels = (side: 'buy' | 'sell') =>
      orders()
        .select(['price', 'project_type', sql<string>`sum(amount - filled)`.as('amount')])
        .where('side', '=', side)
        .groupBy(['price', 'project_type'])
        .orderBy('price', side === 'sell' ? 'asc' : 'desc')
        .orderBy('project_type')
        .limit(BOOK_LEVELS)
        .execute();

    const [asks, bids, listings, recent, day] = await Promise.all([
      levels('sell'),
      levels('buy'),
      orders()
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow(),
      trades()
        .select(['executed_at', 'price', 'quantity', 'aggressor'])
        .orderBy('executed_at', 'desc')
        .orderBy('commit_position', 'desc')
        .orderBy('prepare_position', 'desc')
        .limit(RECENT_TRADES)
        .execute(),
      trades()
        .select([
          sql<string>`coalesce(sum(quantity), 0)`.as('volume'),
          sql<string | null>`round(sum(price * quantity) / nullif(sum(quantity), 0), 2)::numeric(12, 2)`.as('vwap'),
        ])
        .where('executed_at', '>=', new Date(now.getTime() - DAY_MS))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      averagePrice: day.vwap,
      volume24h: Number(day.volume),
      activeListings: Number(listings.count),
      asks: asks.map((level) => ({ type: 'ask', price: level.price, amount: Number(level.amount), creditType: creditTypeOf(level.project_type) })),
      bids: bids.map((level) => ({ type: 'bid', price: level.price, amount: Number(level.amount), creditType: creditTypeOf(level.project_type) })),
      recentTrades: recent.map((trade) => ({
        time: trade.executed_at.toISOString(),
        price: trade.price,
        amount: trade.quantity,
        type: tradeSide(trade.aggressor),
      })),
    };
  }
}
