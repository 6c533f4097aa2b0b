import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PortfolioHoldingsResponse } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { holdingViews, loadHoldings, totalValueOf } from './portfolio-valuation.js';

export class GetHoldingsQuery extends Query<PortfolioHoldingsResponse> {
  constructor(readonly ownerId: string) {
    super();
  }
}

@QueryHandler(GetHoldingsQuery)
export class GetHoldingsHandler implements IQueryHandler<GetHoldingsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ ownerId }: GetHoldingsQuery): Promise<PortfolioHoldingsResponse> {
    const holdings = await loadHoldings(this.db, ownerId);
    return {
      holdings: holdingViews(holdings),
      totalValue: totalValueOf(holdings).toFixed(2),
      totalQuantity: holdings.reduce((sum, holding) => sum + holding.quantity, 0),
    };
  }
}
