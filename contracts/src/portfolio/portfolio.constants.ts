import type { CreditProjectType } from '../credit-market/credit-market.constants.js';

/** The sides of an order a suggestion recommends (the order path's own sides; capabilities share no code). */
export const suggestionOrderSides = ['buy', 'sell'] as const;

export const riskProfiles = ['conservative', 'moderate', 'aggressive'] as const;
export type RiskProfile = (typeof riskProfiles)[number];
export const DEFAULT_RISK_PROFILE: RiskProfile = 'moderate';

/** Each priority has its own colour and icon (the console maps them). */
export const suggestionPriorities = ['urgent', 'high', 'medium', 'low'] as const;
export type SuggestionPriority = (typeof suggestionPriorities)[number];

/** What a suggestion addresses; one rule of the optimizer each. */
export const suggestionTypes = ['removal_shift', 'vintage_age', 'concentration', 'liquidity'] as const;
export type SuggestionType = (typeof suggestionTypes)[number];

/** Market insights are polled every 300 s; the analytics window is 30 days. */
export const MARKET_INSIGHTS_POLL_INTERVAL_MS = 300_000;
export const DEFAULT_ANALYTICS_DAYS = 30;
export const MAX_ANALYTICS_DAYS = 365;

/**
 * Suggestion ids name the suggestion's content (the first 12 hex digits of its key: type and
 * orders), not its place in the list: the list changes as orders are placed, and implementing
 * the suggestion a user saw must never implement another one that took its place.
 */
export const suggestionIdPattern = /^suggestion-([0-9a-f]{12})$/;
export function suggestionIdOf(suggestionKey: string): string {
  return `suggestion-${suggestionKey.slice(0, 12)}`;
}

/**
 * The price a holding is valued at when its market has never traded: a reference, always marked
 * as such (priceSource 'reference'). Taken from the product's project credit samples of the same
 * kind: Solar RECs 3.80, Wind I-RECs 4.15, Hydro Power 5.60, REDD+ Forestry 12.45, Improved
 * Forest Mgmt 16.80 for reforestation; types without a sample take the renewable samples'
 * average, 4.52.
 */
export const portfolioReferencePrices: Readonly<Record<CreditProjectType, string>> = {
  'Solar Energy': '3.80',
  'Wind Energy': '4.15',
  Reforestation: '16.80',
  'Energy Efficiency': '4.52',
  Forestry: '12.45',
  Hydroelectric: '5.60',
  Geothermal: '4.52',
};
