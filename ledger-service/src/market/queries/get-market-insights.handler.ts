import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { creditProjectTypes, type CreditProjectType, type MarketInsightsResponse } from '@carbon-ledger/contracts';
import { openBookSides, recordOpenSide } from '../../credit-market/open-book.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { describeMarkets, INSIGHT_WINDOW_DAYS, type MarketFacts } from '../market-insights.js';

export class GetMarketInsightsQuery extends Query<MarketInsightsResponse> {
  constructor(readonly now: Date) {
    super();
  }
}

const knownTypes: ReadonlySet<string> = new Set(creditProjectTypes);

/** From the daily prices read model and the open order book: no scan of the log. */
@QueryHandler(GetMarketInsightsQuery)
export class GetMarketInsightsHandler implements IQueryHandler<GetMarketInsightsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ now }: GetMarketInsightsQuery): Promise<MarketInsightsResponse> {
    const since = new Date(now.getTime() - (INSIGHT_WINDOW_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const [days, book] = await Promise.all([
      this.db
        .selectFrom('market_daily_prices')
        .select(['project_type', 'vintage', 'close', 'volume', 'notional'])
        .where('day', '>=', since)
        .orderBy('project_type')
        .orderBy('vintage')
        .orderBy('day')
        .execute(),
      openBookSides(this.db),
    ]);
    type Mutable = { -readonly [K in keyof MarketFacts]: MarketFacts[K] };
    const markets = new Map<string, Mutable>();
    for (const row of days) {
      if (!knownTypes.has(row.project_type)) continue;
      const key = `${row.project_type}|${row.vintage}`;
      const market = markets.get(key);
      if (market) {
        market.previousClose = market.lastClose;
        market.lastClose = Number(row.close);
        market.volume += Number(row.volume);
        market.notional += Number(row.notional);
      } else {
        markets.set(key, {
          projectType: row.project_type as CreditProjectType,
          vintage: row.vintage,
          volume: Number(row.volume),
          notional: Number(row.notional),
          lastClose: Number(row.close),
          previousClose: null,
          bestBid: null,
          bestAsk: null,
          bidDepth: 0,
          askDepth: 0,
        });
      }
    }
    for (const side of book) {
      const market = markets.get(`${side.projectType}|${side.vintage}`);
      if (market) recordOpenSide(market, side);
    }
    return { insights: describeMarkets([...markets.values()]).join('\n'), timestamp: now.toISOString() };
  }
}
