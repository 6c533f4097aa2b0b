import type { CreditProjectType } from '../credit-market/credit-market.constants.js';

/** The product's Marketplace credit types and the market each trades in. */
export const marketplaceCreditTypes = [
  { value: 'solar', label: 'Solar Credits', projectType: 'Solar Energy' },
  { value: 'wind', label: 'Wind Credits', projectType: 'Wind Energy' },
  { value: 'reforestation', label: 'Reforestation Credits', projectType: 'Reforestation' },
  { value: 'efficiency', label: 'Energy Efficiency Credits', projectType: 'Energy Efficiency' },
] as const satisfies readonly { value: string; label: string; projectType: CreditProjectType }[];
export const marketplaceVintages = [2025, 2024, 2023] as const;

/**
 * The Marketplace's vintage choices: the product's three, plus the current year,
 * which is the vintage every batch issued now carries (without it the
 * Marketplace could never reach a market that has credits). Newest first.
 */
export function marketplaceVintageOptions(now: Date): number[] {
  return [...new Set([now.getUTCFullYear(), ...marketplaceVintages])].sort((a, b) => b - a);
}
