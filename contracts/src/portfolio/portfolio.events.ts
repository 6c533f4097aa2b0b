import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { riskProfiles, suggestionOrderSides, suggestionTypes } from './portfolio.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

/** Decimal string with at most 2 decimals, e.g. "42.50". */
const moneyString = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/);

/** One stream per portfolio. */
export function portfolioStreamId(portfolioId: string): string {
  return `portfolio-${portfolioId}`;
}
export const PORTFOLIO_STREAM_PREFIX = 'portfolio-';

export const portfolioCreatedData = z.object({
  portfolioId: z.uuid(),
  ownerId: z.string().min(1).max(200),
  name: z.string().min(1).max(100),
  description: z.string().max(1000),
  riskProfile: z.enum(riskProfiles),
  createdAt: z.iso.datetime(),
});

/** An order a suggestion placed through the order path. */
export const placedSuggestionOrder = z.object({
  orderId: z.uuid(),
  side: z.enum(suggestionOrderSides),
  amount: z.number().int().positive(),
  price: moneyString,
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
});
export type PlacedSuggestionOrder = z.infer<typeof placedSuggestionOrder>;

export const suggestionImplementedData = z.object({
  portfolioId: z.uuid(),
  /** The suggestion's id as the caller named it ('suggestion-N', its place in the list, in logs before 2026-11-26). */
  suggestionId: z.string().min(1).max(40),
  /** sha256 of the suggestion's type and orders: the same suggestion implemented again is this key again. */
  suggestionKey: z.string().regex(/^[0-9a-f]{64}$/),
  suggestionType: z.enum(suggestionTypes),
  title: z.string().min(1).max(200),
  orders: z.array(placedSuggestionOrder).max(10),
  implementedBy: z.string().min(1).max(200),
  implementedAt: z.iso.datetime(),
});

export const portfolioEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('PortfolioCreated'), data: portfolioCreatedData }),
  z.object({ type: z.literal('SuggestionImplemented'), data: suggestionImplementedData }),
]);
export type PortfolioEvent = z.infer<typeof portfolioEvent>;
export type PortfolioCreated = Extract<PortfolioEvent, { type: 'PortfolioCreated' }>;
export type SuggestionImplemented = Extract<PortfolioEvent, { type: 'SuggestionImplemented' }>;

export const portfolioEventTypes = eventTypesOf(portfolioEvent);

export const isPortfolioEvent = eventGuard<PortfolioEvent>(portfolioEventTypes);
