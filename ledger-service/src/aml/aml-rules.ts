import type { AmlAlertPriority, AmlRiskFlag, ScreenedTransaction } from '@carbon-ledger/contracts';

export interface AmlRuleSettings {
  /** From here on an amount is large (high priority). */
  readonly amountThresholdUsd: number;
  /** From here on an amount is critical. */
  readonly criticalAmountUsd: number;
  /** More transactions than this by one user within an hour is velocity. */
  readonly velocityMax: number;
  /** This many amounts just below the threshold within 24 hours is structuring. */
  readonly structuringCount: number;
  readonly highRiskJurisdictions: ReadonlySet<string>;
}

export const VELOCITY_WINDOW_MS = 3_600_000;
export const STRUCTURING_WINDOW_MS = 86_400_000;
/** "Just below": within this fraction under the threshold. */
export const STRUCTURING_BAND = 0.1;

/** Score each rule contributes on its own (docs/aml-rules.md). */
export const AML_RULE_SCORES: Readonly<Record<AmlRiskFlag, number>> = {
  large_amount: 60,
  critical_amount: 90,
  velocity: 55,
  structuring: 75,
  high_risk_jurisdiction: 65,
  unverified_counterparty: 45,
};

/** The user's earlier transactions, from the log, not counting the one screened. */
export interface AmlHistory {
  /**
   * Within VELOCITY_WINDOW_MS before it. The rules only compare it with velocityMax, so a count may
   * stop at velocityCountCap: screening a fast trader then reads a few rows, not the whole hour.
   */
  readonly lastHour: number;
  /** Amounts just below the threshold within STRUCTURING_WINDOW_MS before it. */
  readonly nearThresholdLastDay: number;
}

/** Where the count of AmlHistory.lastHour may stop without changing a screening. */
export function velocityCountCap(settings: AmlRuleSettings): number {
  return settings.velocityMax + 1;
}

export interface AmlScreeningHit {
  readonly priority: AmlAlertPriority;
  readonly riskScore: number;
  readonly riskFlags: AmlRiskFlag[];
  readonly reasons: string[];
  readonly requiresReview: boolean;
}

const usd = (amount: number): string => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function isNearThreshold(amount: number, settings: AmlRuleSettings): boolean {
  return amount >= settings.amountThresholdUsd * (1 - STRUCTURING_BAND) && amount < settings.amountThresholdUsd;
}

/** Pure: the rules that a transaction breaks, or undefined when it breaks none. */
export function screenTransaction(transaction: ScreenedTransaction, history: AmlHistory, settings: AmlRuleSettings): AmlScreeningHit | undefined {
  const flags: AmlRiskFlag[] = [];
  const reasons: string[] = [];
  const { amount } = transaction;
  if (amount >= settings.criticalAmountUsd) {
    flags.push('critical_amount');
    reasons.push(`Amount ${usd(amount)} is at or above the critical threshold of ${usd(settings.criticalAmountUsd)}`);
  } else if (amount >= settings.amountThresholdUsd) {
    flags.push('large_amount');
    reasons.push(`Amount ${usd(amount)} is at or above the threshold of ${usd(settings.amountThresholdUsd)}`);
  }
  // The transaction that takes the user over the limit raises the velocity alert; the ones after it in
  // the same burst carry the flag only next to another rule, so a burst is one alert, not one per transaction.
  const crossesVelocity = history.lastHour === settings.velocityMax;
  const overVelocity = history.lastHour >= settings.velocityMax;
  if (crossesVelocity) {
    flags.push('velocity');
    reasons.push(`${settings.velocityMax + 1} transactions by this user within one hour (more than ${settings.velocityMax})`);
  } else if (overVelocity) {
    flags.push('velocity');
    reasons.push(`Over ${settings.velocityMax} transactions by this user within one hour (alerted when the limit was crossed)`);
  }
  if (isNearThreshold(amount, settings)) {
    const nearThreshold = history.nearThresholdLastDay + 1;
    if (nearThreshold >= settings.structuringCount) {
      flags.push('structuring');
      reasons.push(`${nearThreshold} amounts within ${STRUCTURING_BAND * 100}% below ${usd(settings.amountThresholdUsd)} within 24 hours`);
    }
  }
  if (transaction.jurisdiction && settings.highRiskJurisdictions.has(transaction.jurisdiction)) {
    flags.push('high_risk_jurisdiction');
    reasons.push(`Tied to the high-risk jurisdiction ${transaction.jurisdiction}`);
  }
  if (transaction.counterpartyVerified === false) {
    flags.push('unverified_counterparty');
    reasons.push('The counterparty has not passed KYC');
  }
  if (flags.length === 0) return undefined;
  if (flags.length === 1 && overVelocity && !crossesVelocity) return undefined;

  // The strongest rule sets the score; each further rule adds a little.
  const strongest = Math.max(...flags.map((flag) => AML_RULE_SCORES[flag]));
  const riskScore = Math.min(100, strongest + 5 * (flags.length - 1));
  const priority: AmlAlertPriority = flags.includes('critical_amount') || riskScore >= 90 ? 'critical' : riskScore >= 60 ? 'high' : 'medium';
  return { priority, riskScore, riskFlags: flags, reasons, requiresReview: priority !== 'medium' || flags.includes('structuring') };
}
