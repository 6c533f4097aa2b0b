import { z } from 'zod';
import { marketplaceCreditTypes } from './marketplace.constants.js';
import { creditLabels } from '../credit-market/credit-use.js';

export const marketplaceQuery = z.object({
  creditType: z.enum(marketplaceCreditTypes.map((type) => type.value) as [string, ...string[]]).optional(),
  vintage: z.coerce.number().int().min(1990).max(2100).optional(),
  /** Only listings whose every escrowed serial carries this label (docs/credit-use.md); bids name no batch and are all shown. */
  label: z.enum(creditLabels, { error: `Label must be one of: ${creditLabels.join(', ')}` }).optional(),
});
export type MarketplaceQuery = z.infer<typeof marketplaceQuery>;

export const orderBookLevel = z.object({
  type: z.enum(['ask', 'bid']),
  price: z.string(),
  amount: z.number().int(),
  creditType: z.string(),
});

/** GET /api/marketplace: the Marketplace's stat cards, order book and recent trades, from the log. */
export const marketplaceResponse = z.object({
  /** Volume-weighted average trade price of the last 24 h, null without trades. */
  averagePrice: z.string().nullable(),
  /** Credits traded in the last 24 h. */
  volume24h: z.number().int(),
  /** Open orders (pending or partially filled). */
  activeListings: z.number().int(),
  asks: z.array(orderBookLevel),
  bids: z.array(orderBookLevel),
  recentTrades: z.array(z.object({ time: z.iso.datetime(), price: z.string(), amount: z.number().int(), type: z.enum(['BUY', 'SELL']) })),
});
export type MarketplaceResponse = z.infer<typeof marketplaceResponse>;

/** Price levels per side a depth answer carries at most, nearest the spread first. */
export const ORDER_BOOK_DEPTH_LEVELS = 50;

export const depthLevel = z.object({
  price: z.string(),
  /** Open quantity at this price. */
  quantity: z.number().int(),
  /** Open quantity at this price and every better one (bids: higher, asks: lower). */
  cumulative: z.number().int(),
});

/** GET /api/marketplace/depth: open orders of a market summed by side and price, cumulated away from the spread. */
export const orderBookDepthResponse = z.object({
  /** Highest price first. */
  bids: z.array(depthLevel),
  /** Lowest price first. */
  asks: z.array(depthLevel),
});
export type OrderBookDepthResponse = z.infer<typeof orderBookDepthResponse>;
