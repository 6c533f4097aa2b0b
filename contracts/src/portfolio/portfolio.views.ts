import { z } from 'zod';
import { creditLabels } from '../credit-market/credit-use.js';
import { creditProjectTypes, mitigationKinds } from '../credit-market/credit-market.constants.js';
import { placedSuggestionOrder } from './portfolio.events.js';
import { riskProfiles, suggestionOrderSides, suggestionPriorities, suggestionTypes } from './portfolio.constants.js';

export const portfolioView = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  riskProfile: z.enum(riskProfiles),
  /** Holdings valued as GET …/holdings values them, 2 decimals. */
  totalValue: z.string(),
  createdAt: z.iso.datetime(),
  userId: z.string(),
});
export type PortfolioView = z.infer<typeof portfolioView>;

export const listPortfoliosResponse = z.array(portfolioView);

/** The owner's holding of one market (project type + vintage). */
export const portfolioHoldingView = z.object({
  /** "<projectType>|<vintage>". */
  id: z.string(),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  mitigation: z.enum(mitigationKinds),
  /** Tradable plus reserved in sell-order escrow. */
  quantity: z.number().int(),
  /** Serial blocks held. */
  serialBlocks: z.number().int(),
  /** Price per credit used, 2 decimals. */
  price: z.string(),
  /** last-trade: the market's last trade price; reference: the market never traded (portfolioReferencePrices). */
  priceSource: z.enum(['last-trade', 'reference']),
  currentValue: z.string(),
  /** Percent of the portfolio's value, 2 decimals. */
  allocation: z.number(),
  /** The labels every credit of the holding carries (docs/credit-use.md); absent where the answer names none. */
  labels: z.array(z.enum(creditLabels)).optional(),
});
export type PortfolioHoldingView = z.infer<typeof portfolioHoldingView>;

export const portfolioHoldingsResponse = z.object({
  holdings: z.array(portfolioHoldingView),
  totalValue: z.string(),
  totalQuantity: z.number().int(),
});
export type PortfolioHoldingsResponse = z.infer<typeof portfolioHoldingsResponse>;

/** An order a suggestion recommends, ready for the order path. */
export const recommendedAction = z.object({
  /** A sentence: "Buy 310 Forestry 2026 credits at $12.45". */
  action: z.string(),
  side: z.enum(suggestionOrderSides),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  amount: z.number().int().positive(),
  price: z.string(),
});
export type RecommendedAction = z.infer<typeof recommendedAction>;

export const suggestionView = z.object({
  id: z.string(),
  title: z.string(),
  priority: z.enum(suggestionPriorities),
  type: z.enum(suggestionTypes),
  /** 0-100: how much of the valuation rests on traded prices rather than references. */
  confidenceScore: z.number().int().min(0).max(100),
  description: z.string(),
  /** The numbers the rule used, as sentences. */
  reasoning: z.string(),
  expectedImpact: z.string(),
  recommendedActions: z.array(recommendedAction),
  riskScore: z.number().int().min(0).max(100),
});
export type SuggestionView = z.infer<typeof suggestionView>;

export const listSuggestionsResponse = z.object({ suggestions: z.array(suggestionView) });
export type ListSuggestionsResponse = z.infer<typeof listSuggestionsResponse>;

export const implementSuggestionResponse = z.object({
  portfolioId: z.uuid(),
  suggestionId: z.string(),
  /** True when the same suggestion was implemented before: nothing new was placed. */
  alreadyImplemented: z.boolean(),
  orders: z.array(placedSuggestionOrder),
  position: z.string(),
});
export type ImplementSuggestionResponse = z.infer<typeof implementSuggestionResponse>;

export const valuationPoint = z.object({
  date: z.iso.date(),
  /** Value of the holdings that day at that day's closing prices, 2 decimals. */
  value: z.number(),
  /** Time-weighted wealth index, 100 on the first day. */
  index: z.number(),
});

export const allocationSlice = z.object({ name: z.string(), value: z.number() });

export const portfolioAnalyticsResponse = z.object({
  /** Percent, time-weighted over the window. */
  totalReturn: z.number(),
  /** Percent, annualised standard deviation of daily returns. */
  volatility: z.number(),
  sharpeRatio: z.number(),
  /** Percent, largest fall of the wealth index from a peak. */
  maxDrawdown: z.number(),
  daysAnalyzed: z.number().int(),
  series: z.array(valuationPoint),
  allocation: z.array(allocationSlice),
});
export type PortfolioAnalyticsResponse = z.infer<typeof portfolioAnalyticsResponse>;

export const marketInsightsResponse = z.object({
  /** Plain sentences, one per line. */
  insights: z.string(),
  timestamp: z.iso.datetime(),
});
export type MarketInsightsResponse = z.infer<typeof marketInsightsResponse>;
