export const amlAlertPriorities = ['critical', 'high', 'medium'] as const;
export type AmlAlertPriority = (typeof amlAlertPriorities)[number];

/** Why a transaction raised an alert (docs/aml-rules.md). */
export const amlRiskFlags = ['large_amount', 'critical_amount', 'velocity', 'structuring', 'high_risk_jurisdiction', 'unverified_counterparty'] as const;
export type AmlRiskFlag = (typeof amlRiskFlags)[number];

/** A screened transaction with an alert scoring this much or more counts as high risk. */
export const AML_HIGH_RISK_SCORE = 70;

export const AML_ALERTS_DEFAULT_LIMIT = 20;
export const AML_ALERTS_MAX_LIMIT = 100;
