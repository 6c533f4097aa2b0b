import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PortfolioView, RiskProfile } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { loadHoldings, totalValueOf } from './portfolio-valuation.js';

/** A portfolio as its owner's holdings value it; `undefined` when there is none with that id. */
export class GetPortfolioQuery extends Query<PortfolioView | undefined> {
  constructor(readonly portfolioId: string) {
    super();
  }
}

export class ListPortfoliosQuery extends Query<PortfolioView[]> {
  constructor(readonly ownerId: string) {
    super();
  }
}

type PortfolioRow = {
  portfolio_id: string;
  owner_id: string;
  name: string;
  description: string;
  risk_profile: RiskProfile;
  created_at: Date;
};

const columns = ['portfolio_id', 'owner_id', 'name', 'description', 'risk_profile', 'created_at'] as const;

function toView(row: PortfolioRow, totalValue: number): PortfolioView {
  return {
    id: row.portfolio_id,
    name: row.name,
    description: row.description,
    riskProfile: row.risk_profile,
    totalValue: totalValue.toFixed(2),
    createdAt: row.created_at.toISOString(),
    userId: row.owner_id,
  };
}

@QueryHandler(ListPortfoliosQuery)
export class ListPortfoliosHandler implements IQueryHandler<ListPortfoliosQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ ownerId }: ListPortfoliosQuery): Promise<PortfolioView[]> {
    const [rows, holdings] = await Promise.all([
      this.db.selectFrom('portfolios').select(columns).where('owner_id', '=', ownerId).orderBy('created_at').orderBy('portfolio_id').execute(),
      loadHoldings(this.db, ownerId),
    ]);
    // Every portfolio of one owner groups the same registry holdings.
    const totalValue = totalValueOf(holdings);
    return rows.map((row) => toView(row, totalValue));
  }
}

@QueryHandler(GetPortfolioQuery)
export class GetPortfolioHandler implements IQueryHandler<GetPortfolioQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ portfolioId }: GetPortfolioQuery): Promise<PortfolioView | undefined> {
    const row = await this.db.selectFrom('portfolios').select(columns).where('portfolio_id', '=', portfolioId).executeTakeFirst();
    if (!row) return undefined;
    return toView(row, totalValueOf(await loadHoldings(this.db, row.owner_id)));
  }
}
