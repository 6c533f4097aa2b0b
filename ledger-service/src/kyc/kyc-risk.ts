import { kycJurisdictionCountries, type KycJurisdiction, type KycLevel } from '@carbon-ledger/contracts';
import type { SanctionsScreening } from './sanctions/sanctions-list.js';

export interface KycRiskInput {
  readonly country: string;
  readonly jurisdiction: KycJurisdiction | null;
  readonly level: KycLevel;
  readonly sanctions: Pick<SanctionsScreening, 'result' | 'bestScore'>;
}

/** Weights of the KYC risk score (0-100); docs/aml-rules.md explains them. */
export const KYC_RISK_WEIGHTS = {
  base: 10,
  level: { basic: 0, enhanced: 5, institutional: 10 } satisfies Record<KycLevel, number>,
  /** Enough on its own to reach review (70). */
  highRiskCountry: 60,
  /** The identity's country lies outside the chosen jurisdiction. */
  crossBorder: 15,
  /** Times the best sanctions likeness below the review score. */
  sanctionsLikeness: 20,
  /** Floor for a near match, which always goes to review. */
  potentialMatch: 70,
} as const;

/** Pure: the same identity and settings always score the same. */
export function kycRiskScore(input: KycRiskInput, highRiskCountries: ReadonlySet<string>): number {
  if (input.sanctions.result === 'hit') return 100;
  const weights = KYC_RISK_WEIGHTS;
  let score = weights.base + weights.level[input.level];
  if (highRiskCountries.has(input.country)) score += weights.highRiskCountry;
  if (input.jurisdiction && !kycJurisdictionCountries[input.jurisdiction].includes(input.country)) score += weights.crossBorder;
  score += Math.round(input.sanctions.bestScore * weights.sanctionsLikeness);
  if (input.sanctions.result === 'potential_match') score = Math.max(score, weights.potentialMatch);
  return Math.min(100, Math.max(0, score));
}
