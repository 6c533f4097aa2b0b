import { z } from 'zod';
import { cursorKeyParts, nextCursorField, pageQuery } from '../shared/paging.js';
import { creditAmount, pricePerCredit } from '../shared/bounded-amounts.js';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';

const TOKEN_REQUIRED = 'Token ID, amount and buyer account ID are required';

/** POST /api/trade (the product's Trade payload): a direct transfer of part of a batch at an agreed price. */
export const tradeCreditsRequest = z.object({
  tokenId: z.string({ error: TOKEN_REQUIRED }).trim().min(1, TOKEN_REQUIRED).regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
  amount: creditAmount({ label: 'Amount', requiredMessage: TOKEN_REQUIRED }),
  /** Registry accounts are the users' ids. */
  buyerAccountId: z
    .string({ error: TOKEN_REQUIRED })
    .trim()
    .min(1, TOKEN_REQUIRED)
    .pipe(z.uuid('Buyer account ID must be a registry account ID (shown on the Profile page)')),
  price: z
    .union([z.number(), z.string()], { error: 'Price must be a number' })
    .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value))
    .pipe(pricePerCredit()),
});
export type TradeCreditsRequest = z.input<typeof tradeCreditsRequest>;
export type TradeCreditsCommand = z.output<typeof tradeCreditsRequest>;

/** A direct trade is an offer the buyer accepts (docs/funds.md, "Direct trades"): `transactionId` is the offer's id. */
export const tradeCreditsResponse = z.object({
  transactionId: z.string(),
  status: z.literal('offered'),
  quantity: z.number().int(),
  price: z.string(),
  serialRanges: z.array(z.string()),
  expiresAt: z.iso.datetime(),
  position: z.string(),
});
export type TradeCreditsResponse = z.infer<typeof tradeCreditsResponse>;

/** How long a direct trade offer stays open for its buyer. */
export const DIRECT_TRADE_OFFER_TTL_MS = 24 * 60 * 60 * 1000;

export const directTradeOfferParams = z.object({ offerId: z.uuid('Offer ID must be a UUID') });

/** POST /api/trade/offers/{offerId}/accept: the trade, its serials and what the buyer paid. */
export const acceptDirectTradeOfferResponse = z.object({
  transactionId: z.string(),
  offerId: z.string(),
  status: z.literal('accepted'),
  quantity: z.number().int(),
  price: z.string(),
  serialRanges: z.array(z.string()),
  notional: z.string(),
  fee: z.string(),
  position: z.string(),
});
export type AcceptDirectTradeOfferResponse = z.infer<typeof acceptDirectTradeOfferResponse>;

/** POST /api/trade/offers/{offerId}/decline | cancel. */
export const withdrawDirectTradeOfferResponse = z.object({
  offerId: z.string(),
  status: z.enum(['declined', 'cancelled', 'expired']),
  released: z.array(z.string()),
  position: z.string(),
});
export type WithdrawDirectTradeOfferResponse = z.infer<typeof withdrawDirectTradeOfferResponse>;

export const directTradeOfferStatuses = ['open', 'accepted', 'declined', 'cancelled', 'expired'] as const;
export type DirectTradeOfferStatus = (typeof directTradeOfferStatuses)[number];

export const directTradeOfferView = z.object({
  offerId: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  tokenId: z.string(),
  projectType: z.string(),
  vintage: z.number().int(),
  sellerAccountId: z.string(),
  buyerAccountId: z.string(),
  quantity: z.number().int(),
  price: z.string(),
  status: z.enum(directTradeOfferStatuses),
  tradeId: z.string().nullable(),
  offeredAt: z.string(),
  expiresAt: z.string(),
  closedAt: z.string().nullable(),
});
export type DirectTradeOfferView = z.infer<typeof directTradeOfferView>;

export const listDirectTradeOffersResponse = z.object({ offers: z.array(directTradeOfferView), nextCursor: nextCursorField });

/** The newest 200 offers were the whole answer before it was paged: still the first page. */
export const TRADE_OFFERS_PAGE = 200;

/** GET /api/trade/offers?limit=&cursor=: newest first, then by offer id. */
export const listTradeOffersParams = pageQuery('trade-offers', z.tuple([cursorKeyParts.instant, cursorKeyParts.uuid]), TRADE_OFFERS_PAGE);
export type ListTradeOffersParams = z.infer<typeof listTradeOffersParams>;
export type ListDirectTradeOffersResponse = z.infer<typeof listDirectTradeOffersResponse>;
