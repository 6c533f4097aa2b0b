import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { RETIREMENT_MONTHS, type RetirementsPerMonth } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

/** YYYY-MM of a UTC month. */
function monthKey(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export class GetRetirementsPerMonthQuery extends Query<RetirementsPerMonth> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}

/** Credits retired per UTC month over the last 12 months: PostgreSQL sums them, empty months are filled with 0. */
@QueryHandler(GetRetirementsPerMonthQuery)
export class GetRetirementsPerMonthHandler implements IQueryHandler<GetRetirementsPerMonthQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ now }: GetRetirementsPerMonthQuery): Promise<RetirementsPerMonth> {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (RETIREMENT_MONTHS - 1), 1));
    const month = sql<string>`to_char(date_trunc('month', retired_at at time zone 'UTC'), 'YYYY-MM')`;
    const rows = await this.db
      .selectFrom('credit_retirements')
      .select([month.as('month'), sql<string>`sum(quantity)`.as('retired'), sql<string>`count(*)`.as('count')])
      .where('retired_at', '>=', first)
      .groupBy(month)
      .execute();
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    const months: RetirementsPerMonth['months'] = [];
    for (let index = 0; index < RETIREMENT_MONTHS; index += 1) {
      const key = monthKey(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + index, 1)));
      const row = byMonth.get(key);
      months.push({ month: key, retired: Number(row?.retired ?? 0), retirementCount: Number(row?.count ?? 0) });
    }
    return { months };
  }
}
