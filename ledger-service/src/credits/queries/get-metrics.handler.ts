import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type ActivityItem, counted, type MetricsResponse, priceToCents } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

const RECENT_ACTIVITY = 20;

/** Registry totals, the caller's portfolio value and the newest activity. */
export class GetMetricsQuery extends Query<MetricsResponse> {
  constructor(readonly accountId: string) {
    super();
  }
}

function tradeDescription(trade: { kind: string; quantity: number; price: string; project_type: string; vintage: number | null }): string {
  if (trade.kind === 'xrpl-amm') return `Swapped ${counted(trade.quantity, 'NXCC credit')} on the XRPL AMM at ${trade.price} XRP each`;
  const what = `${counted(trade.quantity, `${trade.project_type} credit`)} (vintage ${trade.vintage ?? 'n/a'})`;
  return trade.kind === 'direct' ? `Transferred ${what} at $${trade.price}` : `Traded ${what} at $${trade.price}`;
}

@QueryHandler(GetMetricsQuery)
export class GetMetricsHandler implements IQueryHandler<GetMetricsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ accountId }: GetMetricsQuery): Promise<MetricsResponse> {
    const [totals, portfolioValue, activity] = await Promise.all([this.totals(), this.portfolioValue(accountId), this.recentActivity()]);
    return { ...totals, portfolioValue, recentActivity: activity };
  }

  private async totals(): Promise<Pick<MetricsResponse, 'totalCredits' | 'retiredCredits' | 'co2Impact'>> {
    const row = await this.db
      .selectFrom('credit_batches')
      .select([sql<string>`coalesce(sum(quantity), 0)`.as('issued'), sql<string>`coalesce(sum(retired), 0)`.as('retired')])
      .executeTakeFirstOrThrow();
    const retired = Number(row.retired);
    // One retired credit offsets one tonne of CO2e.
    return { totalCredits: Number(row.issued), retiredCredits: retired, co2Impact: retired };
  }

  /** USD: the caller's unretired credits at the last registry trade price of each market (XRPL swaps are priced in XRP). */
  private async portfolioValue(accountId: string): Promise<number> {
    const held = await this.db
      .selectFrom('credit_holdings as h')
      .innerJoin('credit_batches as b', 'b.token_id', 'h.token_id')
      .select(['b.project_type', 'b.vintage', sql<string>`sum(h.serial_end - h.serial_start + 1)`.as('quantity')])
      .where('h.account_id', '=', accountId)
      .where('h.status', 'in', ['tradable', 'reserved'])
      .groupBy(['b.project_type', 'b.vintage'])
      .execute();
    if (held.length === 0) return 0;
    // Each held market's last trade, one index lookup per market (a DISTINCT ON over the markets'
    // trades read every trade of them, so it grew with the log).
    const markets = sql<{ project_type: string; vintage: number }>`(select * from unnest(${held.map((market) => market.project_type)}::text[], ${held.map(
      (market) => market.vintage,
    )}::int[]) as m(project_type, vintage))`.as('m');
    const prices = await this.db
      .selectFrom(markets)
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('credit_trades as t')
            .select('t.price')
            .whereRef('t.project_type', '=', 'm.project_type')
            .whereRef('t.vintage', '=', 'm.vintage')
            .where('t.kind', '!=', 'xrpl-amm')
            .orderBy('t.executed_at', 'desc')
            .orderBy('t.commit_position', 'desc')
            .orderBy('t.prepare_position', 'desc')
            .limit(1)
            .as('p'),
        (join) => join.onTrue(),
      )
      .select(['m.project_type', 'm.vintage', 'p.price'])
      .execute();
    const lastPrice = new Map(prices.map((row) => [`${row.project_type}|${row.vintage}`, row.price]));
    let cents = 0;
    for (const market of held) {
      const price = lastPrice.get(`${market.project_type}|${market.vintage}`);
      if (price !== undefined) cents += Number(market.quantity) * priceToCents(price);
    }
    return cents / 100;
  }

  private async recentActivity(): Promise<ActivityItem[]> {
    const [trades, issuances, retirements] = await Promise.all([
      this.db
        .selectFrom('credit_trades')
        .select(['kind', 'quantity', 'price', 'project_type', 'vintage', 'executed_at'])
        .orderBy('executed_at', 'desc')
        .limit(RECENT_ACTIVITY)
        .execute(),
      this.db
        .selectFrom('credit_batches')
        .select(['quantity', 'project_name', 'project_type', 'vintage', 'issued_at'])
        .orderBy('issued_at', 'desc')
        .limit(RECENT_ACTIVITY)
        .execute(),
      this.db
        .selectFrom('credit_retirements')
        .select(['quantity', 'project_name', 'beneficiary', 'retired_at'])
        .orderBy('retired_at', 'desc')
        .limit(RECENT_ACTIVITY)
        .execute(),
    ]);
    const items: ActivityItem[] = [
      ...trades.map((trade): ActivityItem => ({
        type: 'trade',
        description: tradeDescription(trade),
        timestamp: trade.executed_at.toISOString(),
        amount: trade.quantity,
      })),
      ...issuances.map((batch): ActivityItem => ({
        type: 'issuance',
        description: `Issued ${counted(batch.quantity, `${batch.project_type} credit`)} of ${batch.project_name} (vintage ${batch.vintage})`,
        timestamp: batch.issued_at.toISOString(),
        amount: batch.quantity,
      })),
      ...retirements.map((retirement): ActivityItem => ({
        type: 'retirement',
        description: `Retired ${counted(retirement.quantity, 'credit')} of ${retirement.project_name} for ${retirement.beneficiary}`,
        timestamp: retirement.retired_at.toISOString(),
        amount: retirement.quantity,
      })),
    ];
    return items.sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0)).slice(0, RECENT_ACTIVITY);
  }
}
