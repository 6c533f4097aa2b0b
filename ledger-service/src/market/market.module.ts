import { Module } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import { CARBON_PRICE_FEED, HttpCarbonPriceFeed } from './carbon-price-feed.js';
import { MarketController } from './market.controller.js';
import { MarketInsightsController } from './market-insights.controller.js';
import { GetMarketInsightsHandler } from './queries/get-market-insights.handler.js';
import { GetCarbonPricesHandler } from './queries/get-carbon-prices.handler.js';

@Module({
  controllers: [MarketController, MarketInsightsController],
  providers: [
    {
      provide: CARBON_PRICE_FEED,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.CARBON_PRICE_FEED_URL ? new HttpCarbonPriceFeed(config.CARBON_PRICE_FEED_URL) : null),
    },
    GetCarbonPricesHandler,
    GetMarketInsightsHandler,
  ],
})
export class MarketModule {}
