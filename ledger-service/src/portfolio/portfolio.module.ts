import { Module } from '@nestjs/common';
import { CreatePortfolioHandler } from './commands/create-portfolio.handler.js';
import { ImplementSuggestionHandler } from './commands/implement-suggestion.handler.js';
import { PortfolioController } from './portfolio.controller.js';
import { GetAnalyticsHandler } from './queries/get-analytics.handler.js';
import { GetHoldingsHandler } from './queries/get-holdings.handler.js';
import { GetSuggestionsHandler } from './queries/get-suggestions.handler.js';
import { GetPortfolioHandler, ListPortfoliosHandler } from './queries/list-portfolios.handler.js';
import { MarketFacts } from './queries/market-facts.js';

@Module({
  controllers: [PortfolioController],
  providers: [
    MarketFacts,
    CreatePortfolioHandler,
    ImplementSuggestionHandler,
    ListPortfoliosHandler,
    GetPortfolioHandler,
    GetHoldingsHandler,
    GetSuggestionsHandler,
    GetAnalyticsHandler,
  ],
})
export class PortfolioModule {}
