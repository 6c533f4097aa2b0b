import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { MarketInsightsResponse } from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { GetMarketInsightsQuery } from './queries/get-market-insights.handler.js';

@Controller('api/market-insights')
export class MarketInsightsController {
  constructor(private readonly queries: QueryBus) {}

  /** Polled every 5 minutes by the portfolio screen. */
  @Get()
  @Roles('trader', 'issuer', 'compliance', 'auditor', 'admin')
  insights(): Promise<MarketInsightsResponse> {
    return this.queries.execute(new GetMarketInsightsQuery(new Date()));
  }
}
