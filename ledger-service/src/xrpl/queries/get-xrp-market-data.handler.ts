import { Inject, Logger } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { XRP_PRICE_STALE_MS, type XrpMarketDataResponse, xrpMarketDataResponse } from '@carbon-ledger/contracts';
import { z } from 'zod';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { DomainError } from '../../shared/domain-error.js';

export class GetXrpMarketDataQuery extends Query<XrpMarketDataResponse> {}

/** CoinGecko's /coins/ripple answer, in the fields we read. */
const coinGeckoShape = z.object({
  last_updated: z.string(),
  market_data: z.object({
    current_price: z.object({ usd: z.number() }),
    price_change_percentage_24h: z.number(),
    market_cap: z.object({ usd: z.number() }),
    total_volume: z.object({ usd: z.number() }),
  }),
});

function parse(body: unknown): Omit<XrpMarketDataResponse, 'stale'> {
  const gecko = coinGeckoShape.safeParse(body);
  if (gecko.success) {
    const { market_data: data } = gecko.data;
    return {
      price_usd: data.current_price.usd,
      price_change_24h: data.price_change_percentage_24h,
      market_cap: data.market_cap.usd,
      volume_24h: data.total_volume.usd,
      last_updated: new Date(gecko.data.last_updated).toISOString(),
    };
  }
  return xrpMarketDataResponse.omit({ stale: true }).parse(body);
}

/**
 * XRP/USD from the configured price source; when it cannot be reached, the last
 * value it gave, marked stale. Without a source there is nothing true to show.
 */
@QueryHandler(GetXrpMarketDataQuery)
export class GetXrpMarketDataHandler implements IQueryHandler<GetXrpMarketDataQuery> {
  private readonly logger = new Logger('XrpPrice');
  private lastKnown: { at: number; data: Omit<XrpMarketDataResponse, 'stale'> } | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async execute(): Promise<XrpMarketDataResponse> {
    const url = this.config.XRP_PRICE_URL;
    if (!url) throw new DomainError('ServiceUnavailable', 'XRP market data is unavailable: no price source is configured (XRP_PRICE_URL).');
    if (this.lastKnown && Date.now() - this.lastKnown.at < XRP_PRICE_STALE_MS) return { ...this.lastKnown.data, stale: false };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
      const data = parse(await response.json());
      this.lastKnown = { at: Date.now(), data };
      return { ...data, stale: false };
    } catch (error) {
      this.logger.warn(`XRP price source failed: ${error instanceof Error ? error.message : String(error)}`);
      if (this.lastKnown) return { ...this.lastKnown.data, stale: true };
      throw new DomainError('ServiceUnavailable', 'XRP market data is unavailable: the price source cannot be reached.');
    }
  }
}
