import type { CarbonMarketPrice, CarbonPricesResponse } from './carbon-prices.contract.js';

/** Prices refresh on load and then every 60 s. */
export const PRICES_POLL_INTERVAL_MS = 60_000;

export const REFERENCE_PRICES_NOTICE = 'Reference prices, not live quotes.';

export type ReferenceMarketPrice = Omit<CarbonMarketPrice, 'timestamp'>;

/**
 * The product's eight fixed sample compliance prices. The service serves them (marked as
 * reference data) when no feed is configured, and the console falls back to them
 * when the price call fails. changePct is change24h against the previous price.
 */
export const referenceMarketPrices: readonly ReferenceMarketPrice[] = [
  { market: 'EU ETS', flag: '🇪🇺', currency: 'EUR', price: 75.94, change24h: 1.12, changePct: '+1.5%' },
  { market: 'UK ETS', flag: '🇬🇧', currency: 'GBP', price: 36.61, change24h: -0.48, changePct: '-1.3%' },
  { market: 'California', flag: '🇺🇸', currency: 'USD', price: 36.52, change24h: 0.27, changePct: '+0.7%' },
  { market: 'Quebec', flag: '🇨🇦', currency: 'CAD', price: 36.52, change24h: 0.19, changePct: '+0.5%' },
  { market: 'RGGI', flag: '🇺🇸', currency: 'USD', price: 24.13, change24h: -0.22, changePct: '-0.9%' },
  { market: 'China ETS', flag: '🇨🇳', currency: 'CNY', price: 98, change24h: 1.5, changePct: '+1.6%' },
  { market: 'K-ETS', flag: '🇰🇷', currency: 'KRW', price: 27500, change24h: -350, changePct: '-1.3%' },
  { market: 'NZ ETS', flag: '🇳🇿', currency: 'NZD', price: 71.25, change24h: 0.85, changePct: '+1.2%' },
];

/** The reference prices as a GET /api/carbon-prices answer, stamped with the serving time. */
export function referenceCarbonPrices(now: Date): CarbonPricesResponse {
  const asOf = now.toISOString();
  return {
    markets: referenceMarketPrices.map((price) => ({ ...price, timestamp: asOf })),
    source: 'reference',
    asOf,
    notice: REFERENCE_PRICES_NOTICE,
  };
}
