/**
 * What the benchmarks (the bench workspace) use of the service, imported as
 * @carbon-ledger/ledger-service/bench rather than by a path into src: the event store and its
 * appender, the credit market's decider and store, the runtime and the app, the cluster harness.
 */
export * from './testing.js';
export { LedgerSealer } from './audit/sealing/ledger-sealer.js';
export { RegisterUserCommand } from './auth/commands/register-user.handler.js';
export { HASH_CONCURRENCY } from './auth/password-hashing.js';
export { SessionStore } from './auth/session-store.js';
export { type ClusterClient, fundWithTestUsd, type Instance, sharedInstanceEnv, signIn, startInstance, verifyKyc } from './cluster-harness.js';
export { jsonExport } from './compliance/evidence/evidence-formats.js';
export { emptySummary, evidenceRecords } from './compliance/evidence/evidence-records.js';
export { verifyEvidenceFile } from './compliance/evidence/verify-evidence-file.js';
export { type AppConfig, loadConfig } from './config/config.js';
export { createApp, type CreateAppOptions } from './create-app.js';
export {
  type CreditMarketCommand,
  type CreditMarketState,
  decideCreditMarket,
  directTrade,
  evolveCreditMarket,
  initialCreditMarketState,
} from './credit-market/credit-market.decider.js';
export { CREDIT_MARKETS } from './credit-market/credit-market.module.js';
export { CONFLICT_LOG_LINE, CreditMarketStore } from './credit-market/credit-market.store.js';
export { marketStateCodec } from './credit-market/market-state-codec.js';
export { INSERT_KNOWN_HEADS } from './event-store/postgres/postgres-appender.js';
export { readCookie } from './infrastructure/http/access-rules.js';
export { commandIdForKey, requestFingerprint } from './infrastructure/idempotency/request-fingerprint.js';
export { ProjectionHost } from './infrastructure/projections/projection-host.js';
export { ReactionHost } from './infrastructure/reactions/reaction-host.js';
export type { ServiceRuntime } from './infrastructure/service-runtime.js';
export { PostgresSnapshotStore } from './infrastructure/snapshots/snapshot-store.js';
export { EVENT_STORE } from './infrastructure/tokens.js';
export { platformWalletsFile } from './infrastructure/xrpl/platform-wallets.js';
export { XrplConnection } from './infrastructure/xrpl/xrpl-connection.js';
export { openRuntime } from './open-runtime.js';
export { GetAnalyticsHandler, GetAnalyticsQuery } from './portfolio/queries/get-analytics.handler.js';
export { GetHoldingsHandler, GetHoldingsQuery } from './portfolio/queries/get-holdings.handler.js';
export { GetSuggestionsHandler, GetSuggestionsQuery } from './portfolio/queries/get-suggestions.handler.js';
export { MarketFacts } from './portfolio/queries/market-facts.js';
export { type CommandContext, deriveId } from './shared/command-context.js';
export { DomainError } from './shared/domain-error.js';
