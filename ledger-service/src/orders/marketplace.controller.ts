import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { marketplaceQuery, type MarketplaceQuery, type MarketplaceResponse, type OrderBookDepthResponse, roles } from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { GetMarketplaceQuery } from './queries/get-marketplace.handler.js';
import { GetOrderBookDepthQuery } from './queries/get-order-book-depth.handler.js';

/** The Marketplace's read side: its stat cards, order book and recent trades, and the depth of one market. */
@Controller('api/marketplace')
@Roles(...roles)
export class MarketplaceController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  marketplace(@QueryParams(new ZodPipe(marketplaceQuery, 'marketplace query')) query: MarketplaceQuery): Promise<MarketplaceResponse> {
    return this.queries.execute(new GetMarketplaceQuery(query));
  }

  @Get('depth')
  orderBookDepth(@QueryParams(new ZodPipe(marketplaceQuery, 'marketplace query')) query: MarketplaceQuery): Promise<OrderBookDepthResponse> {
    return this.queries.execute(new GetOrderBookDepthQuery(query));
  }
}
