import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PortfolioAnalyticsResponse } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { computeAnalytics, dailyValuation, dateWindow } from '../optimizer/portfolio-analytics.js';
import { holdingViews, loadHoldings, marketKey, referencePriceOf } from './portfolio-valuation.js';

export class GetAnalyticsQuery extends Query<PortfolioAnalyticsResponse> {
  constructor(
    readonly ownerId: string,
    readonly days: number,
    readonly now: Date,
  ) {
    super();
  }
}

/**
 * The owner's daily valuation over the window from two read models (account_daily_positions,
 * market_daily_prices), then the time-weighted metrics (docs/portfolio-analytics.md).
 */
@QueryHandler(GetAnalyticsQuery)
export class GetAnalyticsHandler implements IQueryHandler<GetAnalyticsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ ownerId, days, now }: GetAnalyticsQuery): Promise<PortfolioAnalyticsResponse> {
    const dates = dateWindow(now.toISOString().slice(0, 10), days);
    const first = dates[0]!;
    const last = dates.at(-1)!;
    // Three reads at once: the owner's daily position changes, the closes of every market it ever
    // held (the last one before the window and those inside it), and today's holdings.
    const [changes, closes, holdings] = await Promise.all([
      this.db
        .selectFrom('account_daily_positions')
        .select(['project_type', 'vintage', sql<string>`day::text`.as('day'), 'change'])
        .where('account_id', '=', ownerId)
        .where('day', '<=', last)
        .execute(),
      sql<{ project_type: string; vintage: number; day: string; close: string }>`
        with held as (select distinct project_type, vintage from account_daily_positions where account_id = ${ownerId})
        select m.project_type, m.vintage, p.day::text as day, p.close
        from held m
        cross join lateral (
          (select d.day, d.close from market_daily_prices d
            where d.project_type = m.project_type and d.vintage = m.vintage and d.day < ${first}::date
            order by d.day desc limit 1)
          union all
          (select d.day, d.close from market_daily_prices d
            where d.project_type = m.project_type and d.vintage = m.vintage and d.day between ${first}::date and ${last}::date)
        ) p`
        .execute(this.db)
        .then((result) => result.rows),
      loadHoldings(this.db, ownerId),
    ]);
    const valuation = dailyValuation({
      dates,
      changes: changes.map((row) => ({ market: marketKey(row.project_type, row.vintage), date: row.day, change: Number(row.change) })),
      closes: closes.map((row) => ({ market: marketKey(row.project_type, row.vintage), date: row.day, close: Number(row.close) })),
      referencePrice: (market) => referencePriceOf(market.split('|')[0] ?? ''),
    });
    // Days before the owner held anything are not part of the analysed history.
    const held = valuation.slice(
      Math.max(
        0,
        valuation.findIndex((day) => day.value > 0),
      ),
    );
    const analysed = held.some((day) => day.value > 0) ? held : [];
    const analytics = computeAnalytics(analysed);
    const allocation = new Map<string, number>();
    for (const holding of holdingViews(holdings))
      allocation.set(holding.projectType, (allocation.get(holding.projectType) ?? 0) + Number(holding.currentValue));
    return {
      totalReturn: analytics.totalReturn,
      volatility: analytics.volatility,
      sharpeRatio: analytics.sharpeRatio,
      maxDrawdown: analytics.maxDrawdown,
      daysAnalyzed: analytics.daysAnalyzed,
      series: analysed.map((day, index) => ({ date: day.date, value: day.value, index: analytics.index[index] ?? 100 })),
      allocation: [...allocation.entries()].map(([name, value]) => ({ name, value: Math.round(value * 100) / 100 })),
    };
  }
}
