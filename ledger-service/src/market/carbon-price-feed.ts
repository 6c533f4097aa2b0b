import { type CarbonMarketPrice, carbonPricesResponse } from '@carbon-ledger/contracts';

/** A source of live compliance-market prices. */
export interface CarbonPriceFeed {
  fetchPrices(signal: AbortSignal): Promise<CarbonMarketPrice[]>;
}

export const CARBON_PRICE_FEED = Symbol('CARBON_PRICE_FEED');

/** A feed at a URL that answers the same shape as GET /api/carbon-prices (at least `markets`). */
export class HttpCarbonPriceFeed implements CarbonPriceFeed {
  constructor(private readonly url: string) {}

  async fetchPrices(signal: AbortSignal): Promise<CarbonMarketPrice[]> {
    const response = await fetch(this.url, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`feed answered HTTP ${response.status} ${response.statusText}`);
    const parsed = carbonPricesResponse.pick({ markets: true }).safeParse(await response.json());
    if (!parsed.success) throw new Error(`feed answered an unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    if (parsed.data.markets.length === 0) throw new Error('feed answered no markets');
    return parsed.data.markets;
  }
}
