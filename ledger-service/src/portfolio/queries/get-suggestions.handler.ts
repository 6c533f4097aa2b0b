import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RiskProfile, SuggestionView } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { optimizePortfolio } from '../optimizer/portfolio-optimizer.js';
import { MarketFacts } from './market-facts.js';
import { loadHoldings } from './portfolio-valuation.js';

export class GetSuggestionsQuery extends Query<SuggestionView[]> {
  constructor(
    readonly ownerId: string,
    readonly riskProfile: RiskProfile,
    readonly now: Date,
  ) {
    super();
  }
}

/** The optimizer over the owner's holdings and what the read models say about every market. */
export async function suggestionsFor(db: ReadModels, facts: MarketFacts, ownerId: string, riskProfile: RiskProfile, now: Date): Promise<SuggestionView[]> {
  const [holdings, markets] = await Promise.all([loadHoldings(db, ownerId), facts.markets(now)]);
  return optimizePortfolio({ riskProfile, year: now.getUTCFullYear(), holdings, markets });
}

@QueryHandler(GetSuggestionsQuery)
export class GetSuggestionsHandler implements IQueryHandler<GetSuggestionsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    private readonly facts: MarketFacts,
  ) {}

  execute({ ownerId, riskProfile, now }: GetSuggestionsQuery): Promise<SuggestionView[]> {
    return suggestionsFor(this.db, this.facts, ownerId, riskProfile, now);
  }
}
