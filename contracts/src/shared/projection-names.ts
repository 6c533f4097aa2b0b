/** Every projection the service runs, by name: what a command may wait for to read its own writes. */
export const projectionNames = [
  'order-book',
  'users',
  'kyc-status',
  'aml-alerts',
  'credit-registry',
  'credit-trades',
  'credit-retirements',
  'credit-batch-events',
  'compliance-report-events',
  'portfolios',
  'market-daily',
  'amm-reserves',
  'cash-ledger',
  'held-deposits',
  'vault-transfers',
  'direct-trade-offers',
  'projects',
] as const;

export type ProjectionName = (typeof projectionNames)[number];
