import { z } from 'zod';

/** Signed percent with an explicit sign, as the price cards show it: '+9.3%', '-0.4%'. */
export const signedPercent = z.string().regex(/^[+-]\d+(\.\d+)?%$/, 'Expected a signed percent such as +9.3%');

/** One compliance (ETS) market quote. */
export const carbonMarketPrice = z.object({
  market: z.string().min(1),
  flag: z.string(),
  /** ISO 4217 code: EUR, GBP, USD, CAD, CNY, KRW, NZD, ... */
  currency: z.string().min(3).max(3),
  price: z.number().nonnegative(),
  change24h: z.number(),
  changePct: signedPercent,
  timestamp: z.iso.datetime({ offset: true }),
});
export type CarbonMarketPrice = z.infer<typeof carbonMarketPrice>;

/** 'reference': built-in sample figures served when no price feed is configured. */
export const carbonPriceSources = ['reference', 'live'] as const;
export type CarbonPriceSource = (typeof carbonPriceSources)[number];

/** GET /api/carbon-prices */
export const carbonPricesResponse = z.object({
  markets: z.array(carbonMarketPrice),
  source: z.enum(carbonPriceSources),
  asOf: z.iso.datetime({ offset: true }),
  notice: z.string().optional(),
});
export type CarbonPricesResponse = z.infer<typeof carbonPricesResponse>;
