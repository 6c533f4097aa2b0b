import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AMM_PRICE_HISTORY_DAYS, type AmmDailyPricesResponse } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

export class GetAmmDailyPricesQuery extends Query<AmmDailyPricesResponse> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}

/** The XRPL AMM's price history from the trades read model: PostgreSQL sums the swaps per UTC day. */
@QueryHandler(GetAmmDailyPricesQuery)
export class GetAmmDailyPricesHandler implements IQueryHandler<GetAmmDailyPricesQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ now }: GetAmmDailyPricesQuery): Promise<AmmDailyPricesResponse> {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (AMM_PRICE_HISTORY_DAYS - 1)));
    const day = sql<string>`to_char(date_trunc('day', executed_at at time zone 'UTC'), 'YYYY-MM-DD')`;
    const rows = await this.db
      .selectFrom('credit_trades')
      .where('kind', '=', 'xrpl-amm')
      .where('executed_at', '>=', first)
      .select([
        day.as('day'),
        sql<string>`round(sum(price * quantity) / nullif(sum(quantity), 0), 6)::text`.as('average_price'),
        sql<string>`sum(quantity)`.as('volume'),
        sql<string>`count(*)`.as('swaps'),
      ])
      .groupBy(day)
      .orderBy(day)
      .execute();
    return { days: rows.map((row) => ({ day: row.day, averagePrice: row.average_price, volume: Number(row.volume), swaps: Number(row.swaps) })) };
  }
}
