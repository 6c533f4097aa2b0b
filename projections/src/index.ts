export * from './read-model-database.js';
export * from './runtime/projection.js';
export * from './runtime/log-follower-runner.js';
export * from './runtime/rebuild-projection.js';
export * from './runtime/storable-event.js';
export * from './runtime/announcement.js';
export { readModelMigrations } from './migrations/index.js';
export { orderBookProjection } from './orders/order-book.projection.js';
export { usersProjection } from './auth/users.projection.js';
export { kycStatusProjection } from './kyc/kyc-status.projection.js';
export { amlAlertsProjection } from './aml/aml-alerts.projection.js';
export { creditRegistryProjection } from './credits/credit-registry.projection.js';
export { creditTradesProjection, swapPrice, XRPL_AMM_PROJECT_TYPE, xrplTradeId } from './credits/credit-trades.projection.js';
export { creditRetirementsProjection } from './credits/credit-retirements.projection.js';
export { batchesTouched, creditBatchEventsProjection } from './credits/credit-batch-events.projection.js';
export { type ComplianceEventKind, complianceReportEventsProjection } from './compliance/compliance-report-events.projection.js';
export { ammReservesProjection } from './xrpl/amm-reserves.projection.js';
export { vaultTransfersProjection } from './xrpl/vault-transfers.projection.js';
export { directTradeOffersProjection } from './credits/direct-trade-offers.projection.js';
export { projectsProjection } from './projects/projects.projection.js';

import { amlAlertsProjection } from './aml/aml-alerts.projection.js';
import { cashLedgerProjection } from './funds/cash-ledger.projection.js';
import { heldDepositsProjection } from './funds/held-deposits.projection.js';
import { usersProjection } from './auth/users.projection.js';
import { creditRegistryProjection } from './credits/credit-registry.projection.js';
import { creditRetirementsProjection } from './credits/credit-retirements.projection.js';
import { creditBatchEventsProjection } from './credits/credit-batch-events.projection.js';
import { complianceReportEventsProjection } from './compliance/compliance-report-events.projection.js';
import { creditTradesProjection } from './credits/credit-trades.projection.js';
import { vaultTransfersProjection } from './xrpl/vault-transfers.projection.js';
import { directTradeOffersProjection } from './credits/direct-trade-offers.projection.js';
import { kycStatusProjection } from './kyc/kyc-status.projection.js';
import { orderBookProjection } from './orders/order-book.projection.js';
import { marketDailyProjection } from './market/market-daily.projection.js';
import { portfoliosProjection } from './portfolio/portfolios.projection.js';
import { projectsProjection } from './projects/projects.projection.js';
import type { Projection } from './runtime/projection.js';
import { ammReservesProjection } from './xrpl/amm-reserves.projection.js';

/** Every projection the service runs. */
export const projections: readonly Projection[] = [
  orderBookProjection,
  usersProjection,
  kycStatusProjection,
  amlAlertsProjection,
  creditRegistryProjection,
  creditTradesProjection,
  creditRetirementsProjection,
  creditBatchEventsProjection,
  complianceReportEventsProjection,
  portfoliosProjection,
  marketDailyProjection,
  ammReservesProjection,
  cashLedgerProjection,
  heldDepositsProjection,
  vaultTransfersProjection,
  directTradeOffersProjection,
  projectsProjection,
];
export { portfoliosProjection } from './portfolio/portfolios.projection.js';
export { marketDailyProjection } from './market/market-daily.projection.js';
export { cashLedgerProjection } from './funds/cash-ledger.projection.js';
export { heldDepositsProjection } from './funds/held-deposits.projection.js';
