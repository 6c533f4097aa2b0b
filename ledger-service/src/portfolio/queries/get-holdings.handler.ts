import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PortfolioHoldingsResponse } from '@carbon-ledger/contracts';
import { APP_CONFIG, type LabelConfig, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { holdingLabels } from '../../shared/batch-claims-reader.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { holdingViews, loadHoldings, totalValueOf } from './portfolio-valuation.js';

export class GetHoldingsQuery extends Query<PortfolioHoldingsResponse> {
  constructor(readonly ownerId: string) {
    super();
  }
}

@QueryHandler(GetHoldingsQuery)
export class GetHoldingsHandler implements IQueryHandler<GetHoldingsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: LabelConfig = {},
  ) {}

  async execute({ ownerId }: GetHoldingsQuery): Promise<PortfolioHoldingsResponse> {
    const [holdings, labels] = await Promise.all([loadHoldings(this.db, ownerId), holdingLabels(this.db, ownerId, labelRulesOf(this.config))]);
    return {
      holdings: holdingViews(holdings).map((holding) => ({ ...holding, labels: labels.get(holding.id) ?? [] })),
      totalValue: totalValueOf(holdings).toFixed(2),
      totalQuantity: holdings.reduce((sum, holding) => sum + holding.quantity, 0),
    };
  }
}
