import { Inject, Logger } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type CarbonPricesResponse, referenceCarbonPrices } from '@carbon-ledger/contracts';
import { CARBON_PRICE_FEED, type CarbonPriceFeed } from '../carbon-price-feed.js';

export class GetCarbonPricesQuery extends Query<CarbonPricesResponse> {}

const CACHE_MS = 30_000;
const FEED_TIMEOUT_MS = 5_000;
const FALLBACK_NOTICE = 'The live price feed is unavailable; showing reference prices, not live quotes.';

/**
 * Live prices when a feed is configured (cached briefly, so the console's 60 s
 * polling from many browsers makes one upstream call); the product's reference
 * prices otherwise, or when the feed fails, marked as such.
 */
@QueryHandler(GetCarbonPricesQuery)
export class GetCarbonPricesHandler implements IQueryHandler<GetCarbonPricesQuery> {
  private readonly logger = new Logger('CarbonPrices');
  private cached: { at: number; answer: CarbonPricesResponse } | undefined;
  private inFlight: Promise<CarbonPricesResponse> | undefined;

  constructor(@Inject(CARBON_PRICE_FEED) private readonly feed: CarbonPriceFeed | null) {}

  async execute(): Promise<CarbonPricesResponse> {
    const now = Date.now();
    if (!this.feed) return referenceCarbonPrices(new Date(now));
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.answer;
    this.inFlight ??= this.fetchLive(this.feed).finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async fetchLive(feed: CarbonPriceFeed): Promise<CarbonPricesResponse> {
    const started = new Date();
    try {
      const markets = await feed.fetchPrices(AbortSignal.timeout(FEED_TIMEOUT_MS));
      const answer: CarbonPricesResponse = { markets, source: 'live', asOf: started.toISOString() };
      this.cached = { at: started.getTime(), answer };
      return answer;
    } catch (error) {
      this.logger.warn(`price feed failed, serving reference prices: ${error instanceof Error ? error.message : String(error)}`);
      const fallback = { ...referenceCarbonPrices(started), notice: FALLBACK_NOTICE };
      // Do not hammer a failing feed: the fallback is cached like an answer.
      this.cached = { at: started.getTime(), answer: fallback };
      return fallback;
    }
  }
}
