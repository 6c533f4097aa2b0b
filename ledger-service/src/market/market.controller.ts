import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { CarbonPricesResponse } from '@carbon-ledger/contracts';
import { Public } from '../infrastructure/http/access-rules.js';
import { GetCarbonPricesQuery } from './queries/get-carbon-prices.handler.js';

@Controller('api/carbon-prices')
export class MarketController {
  constructor(private readonly queries: QueryBus) {}

  /** Public: the landing page shows prices before anyone signs in. */
  @Get()
  @Public()
  prices(): Promise<CarbonPricesResponse> {
    return this.queries.execute(new GetCarbonPricesQuery());
  }
}
