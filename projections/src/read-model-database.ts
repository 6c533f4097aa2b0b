import type { ComplianceEventKind } from './compliance/compliance-report-events.projection.js';
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric columns come back from pg as strings. */
type Numeric = ColumnType<string, string | number, string | number>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
/** jsonb comes back parsed; write it as JSON text (pg would send a JS array as a PostgreSQL array). */
type Jsonb<T> = ColumnType<T, string, string>;

export interface ProjectionCheckpointsTable {
  name: string;
  commit_position: Int8;
  prepare_position: Int8;
  events_applied: Int8;
  updated_at: Timestamp;
}

export interface OrderBookTable {
  order_id: string;
  owner_id: string;
  side: 'buy' | 'sell';
  amount: number;
  price: Numeric;
  project_type: string;
  vintage: number;
  status: string;
  /** Credits traded so far (TradeExecuted of kind order-match). */
  filled: ColumnType<number, number | undefined, number>;
  placed_at: Timestamp;
  updated_at: Timestamp;
  /** A bid for labelled credits: the labels it requires; null for any other order. */
  labels: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface UsersTable {
  user_id: string;
  email: string;
  name: string;
  roles: string[];
  /** The company or body the user acts for; null for users registered before it was recorded. */
  organisation: ColumnType<string | null, string | null | undefined, string | null>;
  registered_at: Timestamp;
}

/** KYC record per XRPL address; kyc_status 'expired' once KycExpired is recorded. */
export interface KycStatusTable {
  address: string;
  owner_id: string;
  kyc_status: 'pending' | 'verified' | 'rejected' | 'expired';
  aml_status: 'not_started' | 'cleared' | 'pending' | 'rejected';
  risk_score: number;
  jurisdiction: string | null;
  level: string;
  country: string | null;
  inquiry_id: string;
  provider: string;
  started_at: Timestamp;
  verified_at: Timestamp | null;
  expires_at: Timestamp | null;
  rejected_reason: string | null;
  /** The XRPL credential of the current verification. */
  credential_tx_hash: string | null;
  updated_at: Timestamp;
}

/** Every value-moving transaction AML screening sees (velocity and structuring count these). */
export interface AmlTransactionsTable {
  transaction_type: string;
  transaction_id: string;
  user_id: string;
  amount_usd: Numeric;
  occurred_at: Timestamp;
  /** Log position of the recording event, so a count "before this event" is the same on every replay. */
  commit_position: Int8;
  prepare_position: Int8;
  risk_score: number | null;
  is_high_risk: boolean;
  requires_review: boolean;
}

/** The compliance dashboard's counts, one row (`scope` 'all'), kept by the aml-alerts projection. */
/** The order list's figures per owner, and for everyone under owner '*' (kept by the order-book projection). */
export interface OrderBookTotalsTable {
  owner_id: string;
  orders: ColumnType<string, number | undefined, string>;
  open_orders: ColumnType<string, number | undefined, string>;
  price_sum: ColumnType<string, number | string | undefined, string>;
}

export interface AmlTotalsTable {
  scope: string;
  high_risk_transactions: ColumnType<string, number | undefined, string>;
  review_transactions: ColumnType<string, number | undefined, string>;
  high_priority_alerts: ColumnType<string, number | undefined, string>;
  /** Every alert stored: the alert list's `totalAlerts`. */
  alerts: ColumnType<string, number | undefined, string>;
}

export interface AmlAlertsTable {
  alert_id: string;
  priority: 'critical' | 'high' | 'medium';
  transaction_type: string;
  transaction_id: string;
  user_id: string;
  risk_score: number;
  amount_usd: Numeric;
  risk_flags: string[];
  reasons: string[];
  requires_review: boolean;
  raised_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

/** A serial block as stored in jsonb columns: inclusive, of one batch. */
export interface StoredSerialRange {
  batchId: string;
  start: number;
  end: number;
}

/** A serial block as events carry it. */
export interface StoredSerialRange {
  batchId: string;
  start: number;
  end: number;
}

export interface StoredSettlementTransaction {
  purpose: string;
  hash: string;
  result: string;
}

/** One issued batch of credits (token_id = batchId). */
export interface CreditBatchesTable {
  token_id: string;
  project_id: string;
  project_name: string;
  project_type: string;
  description: string;
  vintage: number;
  standard: string;
  methodology: string;
  quantity: number;
  retired: ColumnType<number, number | undefined, number>;
  /** Cancelled without a claim (docs/cancellations-and-reversals.md): never counted as retired. */
  cancelled: ColumnType<number, number | undefined, number>;
  serial_prefix: string;
  issuer_account_id: string;
  xrpl_address: string;
  source: 'registry' | 'xrpl';
  nft_id: string | null;
  settlement_status: 'pending' | 'settled' | 'partial' | 'failed';
  settlement_reason: string | null;
  settlement_transactions: Jsonb<StoredSettlementTransaction[]>;
  /** The approved monitoring report the batch was issued from. */
  report_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** On the buffer pool's share of an issuance: the batch it was held back from. */
  buffer_for: ColumnType<string | null, string | null | undefined, string | null>;
  /** On credits brought from another registry: the serial range they carried there. */
  origin_registry: ColumnType<string | null, string | null | undefined, string | null>;
  origin_start: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  origin_end: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  issued_at: Timestamp;
  /** Log position of the CreditsIssued event. */
  commit_position: Int8;
  prepare_position: Int8;
}

/** Who holds which serial block of a batch, and in what state; blocks of a batch never overlap. */
export interface CreditHoldingsTable {
  token_id: string;
  serial_start: number;
  serial_end: number;
  account_id: string;
  status: 'tradable' | 'reserved' | 'retired' | 'cancelled';
  /** The sell order whose escrow holds a reserved block. */
  order_id: string | null;
}

/** A cancellation of serials (CreditsCancelled): who, whose, why; a reversal's names its project. */
export interface CreditCancellationsTable {
  cancellation_id: string;
  token_id: string;
  project_id: string;
  project_name: string;
  account_id: string;
  quantity: number;
  ranges: Jsonb<StoredSerialRange[]>;
  reason: string;
  note: string;
  cancelled_by: string;
  by_registry: boolean;
  reversal_project_id: string | null;
  reversal_id: string | null;
  cancelled_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

/**
 * A move in or out of the platform vault. `tokenize`: serials in, NXCC to pay (pending until the
 * payment is recorded; `returned` when the ledger refused it and the serials went back). `redeem`,
 * `retire`: NXCC came back on the ledger (keyed by its transaction), serials to move out (pending
 * until the registry recorded it). `redeem-refused`: serials back to the holder of a refused tokenization.
 */
export interface VaultTransfersTable {
  transfer_id: string;
  kind: 'tokenize' | 'redeem' | 'retire';
  account_id: string;
  xrpl_address: string;
  token_id: string;
  quantity: number;
  /** The serials moved; null while only the ledger side is recorded. */
  ranges: Jsonb<StoredSerialRange[]> | null;
  status: 'pending' | 'done' | 'returned';
  tx_hash: string | null;
  recorded_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

export interface DirectTradeOffersTable {
  offer_id: string;
  token_id: string;
  project_type: string;
  vintage: number;
  seller_account_id: string;
  buyer_account_id: string;
  quantity: number;
  price: Numeric;
  status: 'open' | 'accepted' | 'declined' | 'cancelled' | 'expired';
  trade_id: string | null;
  offered_at: Timestamp;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface CreditTradesTable {
  /** tradeId; for XRPL AMM swaps a UUID derived from the transaction hash. */
  trade_id: string;
  kind: 'order-match' | 'direct' | 'xrpl-amm';
  project_type: string;
  /** null for XRPL AMM swaps of credits that name no registry market. */
  vintage: number | null;
  quantity: number;
  price: Numeric;
  aggressor: 'buy' | 'sell' | null;
  buyer_account_id: string;
  seller_account_id: string;
  buy_order_id: string | null;
  sell_order_id: string | null;
  settlement_status: 'pending' | 'settled';
  settlement_tx_hash: string | null;
  ranges: Jsonb<StoredSerialRange[]>;
  executed_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

export interface CreditRetirementsTable {
  retirement_id: string;
  token_id: string;
  account_id: string;
  quantity: number;
  ranges: Jsonb<StoredSerialRange[]>;
  beneficiary: string;
  purpose: string;
  standard: string;
  offset_type: string;
  retired_by: string;
  project_name: string;
  project_type: string;
  vintage: number;
  xrpl_tx_hash: string | null;
  nft_burn_tx_hash: string | null;
  verification_status: 'verified' | 'pending';
  retired_at: Timestamp;
  /** What the retirement counts for (docs/credit-use.md); null for retirements from before uses were stated (voluntary). */
  use: ColumnType<string | null, string | null | undefined, string | null>;
  /** The batch's authorization, adjustment and labels the use was decided on; null where none was recorded. */
  claims: ColumnType<StoredRetiredClaims | null, string | null | undefined, string | null>;
  commit_position: Int8;
  prepare_position: Int8;
}

export interface StoredRetiredClaims {
  authorized: boolean;
  authorizedUse: string | null;
  adjustment: string;
  reportingPeriod: string | null;
  labels: string[];
}

/**
 * What retirement certificates name about a batch, kept by the retirements
 * projection itself so it never depends on another projection's progress.
 */
export interface CreditRetirementBatchesTable {
  token_id: string;
  project_name: string;
  methodology: string;
  description: string;
  serial_prefix: string;
}

/** One event of a market stream that touched a batch (its ranges, its issuance, its settlement), by stream version. */
export interface CreditBatchEventsTable {
  token_id: string;
  stream_version: Int8;
  /** The lowest and highest serial of the batch it names; null when it names none (an XRPL settlement). */
  serial_min: Int8 | null;
  serial_max: Int8 | null;
}

/** How far a market stream's events are in credit_batch_events: every event up to this version. */
export interface CreditMarketIndexedTable {
  stream_id: string;
  stream_version: Int8;
}

/**
 * An event a compliance report can draw on: `at_ms` (the instant of its data, as `Date.parse` gives
 * it) puts it in a period; `subject` ties it to one that is (a retirement's settlement, a posted
 * withdrawal's request); `refs` are a retirement's batches.
 */
export interface ComplianceReportEventsTable {
  commit_position: Int8;
  prepare_position: Int8;
  event_id: string;
  kind: ComplianceEventKind;
  at_ms: Int8 | null;
  subject: string | null;
  refs: string[] | null;
}

/** How much of the log the compliance-report-events projection has counted: one row. */
export interface ComplianceLogExtentTable {
  id: number;
  events: Int8;
  first_commit: Int8;
  first_prepare: Int8;
  last_commit: Int8;
  last_prepare: Int8;
}

export interface PortfoliosTable {
  portfolio_id: string;
  owner_id: string;
  name: string;
  description: string;
  risk_profile: 'conservative' | 'moderate' | 'aggressive';
  implemented_suggestions: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

/** One market's trades of one UTC day. */
export interface MarketDailyPricesTable {
  project_type: string;
  vintage: number;
  day: ColumnType<string, string, string>;
  open: Numeric;
  close: Numeric;
  high: Numeric;
  low: Numeric;
  volume: Int8;
  notional: Numeric;
  trades: number;
}

/** Net change of an account's credits in one market on one UTC day. */
export interface AccountDailyPositionsTable {
  account_id: string;
  project_type: string;
  vintage: number;
  day: ColumnType<string, string, string>;
  change: Int8;
}

/** The XRP/NXCC pool after each change the platform recorded. */
export interface AmmReservesTable {
  tx_hash: string;
  cause: 'pool-opened' | 'swap';
  xrp_drops: Int8;
  credits: Numeric;
  observed_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

/** The cash ledger's accounts (docs/funds.md), in USD cents. */
export interface CashAccountsTable {
  account_id: string;
  debits_posted: Int8;
  credits_posted: Int8;
  debits_pending: Int8;
  credits_pending: Int8;
  /** Users: proceeds and released holds recorded in the markets (the cash decider's lower bound). */
  market_credits: Int8;
}

/** What each funded buy order still holds of its reservation. */
export interface CashHoldsTable {
  order_id: string;
  user_id: string;
  reservation_id: string;
  left_cents: Int8;
}

export interface CashWithdrawalsTable {
  withdrawal_id: string;
  user_id: string;
  amount_cents: Int8;
}

/** A user's statement: one row per transfer that touched the user's account. */
export interface CashTransfersTable {
  user_id: string;
  transfer_id: string;
  kind: string;
  /** Signed from the user's side: + credit, − debit. */
  amount_cents: Int8;
  status: string;
  counterparty: string;
  reference: string;
  at: Timestamp;
  /** Log order: "commit:prepare" padded so that text order is log order. */
  log_order: string;
}

/** How many rows a user's statement holds, kept by the cash ledger as it stores them. */
export interface CashStatementTotalsTable {
  user_id: string;
  transfers: ColumnType<string, number | undefined, string>;
}

/** How many held deposits are in each status, kept by the held-deposits projection as it moves them. */
export interface HeldDepositTotalsTable {
  status: HeldDepositsTable['status'];
  deposits: ColumnType<string, number | undefined, string>;
}

/** Payments to the deposit address that named no user (DepositHeld), and whom compliance credited them to. */
export interface HeldDepositsTable {
  tx_hash: string;
  sender: string;
  destination_tag: Int8 | null;
  amount_cents: Int8;
  currency: string;
  issuer: string;
  reason: 'missing-tag' | 'unknown-tag';
  ledger_index: Int8;
  held_at: Timestamp;
  status: 'held' | 'assigned' | 'refunding' | 'refunded';
  assigned_to: string | null;
  assigned_by: string | null;
  assigned_at: Timestamp | null;
  refund_requested_by: string | null;
  refund_requested_at: Timestamp | null;
  refund_tx_hash: string | null;
  refunded_at: Timestamp | null;
  refund_failure: string | null;
  /** Log order of the DepositHeld: "commit:prepare" padded so that text order is log order. */
  log_order: string;
}

/** Credits per vintage as a report claims or verifies them. */
export interface StoredVintageQuantity {
  vintage: number;
  quantity: number;
}

/** A project of the registry and where it stands in its lifecycle. */
export interface ProjectsTable {
  project_id: string;
  proponent_id: string;
  proponent_organisation: string | null;
  name: string;
  project_type: string;
  mitigation: string;
  host_country: string;
  standard: string;
  methodology: string;
  location: string;
  crediting_period_start: string;
  crediting_period_end: string;
  expected_annual_quantity: number;
  description: string;
  drafted_at: Timestamp;
  status: 'draft' | 'under_validation' | 'validated' | 'registered' | 'rejected' | 'inactive';
  reasons: string | null;
  verifier_id: string | null;
  verifier_name: string | null;
  verifier_organisation: string | null;
  registered_at: Timestamp | null;
  /** When the project came to its status, as the event that put it there says. */
  status_since: Timestamp;
  /** Since when it waits for the registry (validated, or a report verified); null while it does not. */
  review_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Since when it waits for its verifier (under validation, or a report awaiting verification); null while it does not. */
  verification_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Log position of the last event that changed the row. */
  commit_position: Int8;
  prepare_position: Int8;
}

export interface ProjectReportsTable {
  report_id: string;
  project_id: string;
  period_start: string;
  period_end: string;
  mitigation: string;
  claimed: Jsonb<StoredVintageQuantity[]>;
  verified: Jsonb<StoredVintageQuantity[]> | null;
  status: 'awaiting_verification' | 'verified' | 'rejected' | 'approved';
  reasons: string | null;
  filed_by: string;
  filed_at: Timestamp;
  verified_at: Timestamp | null;
  approved_at: Timestamp | null;
  /** When the report came to its status, as the event that put it there says. */
  status_since: Timestamp;
}

/** One vintage of an approved issuance; `issued` once the batch's CreditsIssued is in the log. */
export interface ProjectIssuancesTable {
  batch_id: string;
  project_id: string;
  report_id: string;
  vintage: number;
  quantity: number;
  buffer_batch_id: string | null;
  buffer_quantity: number;
  issued: ColumnType<boolean, boolean | undefined, boolean>;
  buffer_issued: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Batches issued from a report or held back for the buffer pool, as the projects projection saw them. */
export interface ProjectIssuedBatchesTable {
  batch_id: string;
}

/** One citation of a document: by an event of a project (and of one of its reports). */
export interface ProjectDocumentsTable {
  event_id: string;
  sha256: string;
  project_id: string;
  report_id: string | null;
  kind: string;
  name: string;
  size: number;
  media_type: string;
  cited_by: string;
  cited_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

/** The project types the registry last accredited a verifier for. */
export interface VerifierAccreditationsTable {
  verifier_id: string;
  project_types: string[];
  accredited_by: string;
  accredited_at: Timestamp;
}

/** A project's reversal: tCO2e lost, and what the buffer pool covered of it (null until the reaction recorded it). */
export interface ProjectReversalsTable {
  reversal_id: string;
  project_id: string;
  quantity: number;
  cause: string;
  recorded_by: string;
  recorded_at: Timestamp;
  covered: number | null;
  shortfall: number | null;
  covered_at: Timestamp | null;
  commit_position: Int8;
  prepare_position: Int8;
}

/** Credits brought from another registry, by their serial range there. */
export interface OriginImportsTable {
  import_id: string;
  origin_registry: string;
  origin_start: Int8;
  origin_end: Int8;
  project_id: string;
  vintage: number;
  quantity: number;
  batch_id: string;
  account_id: string;
  recorded_by: string;
  recorded_at: Timestamp;
  commit_position: Int8;
  prepare_position: Int8;
}

/** A batch's Article 6 state (docs/credit-use.md): a row once the registry recorded anything of it. */
export interface BatchClaimsTable {
  token_id: string;
  project_id: string;
  host_country: ColumnType<string | null, string | null | undefined, string | null>;
  authorized: ColumnType<boolean, boolean | undefined, boolean>;
  authorized_use: ColumnType<string | null, string | null | undefined, string | null>;
  authorized_on: ColumnType<string | null, string | null | undefined, string | null>;
  letter: ColumnType<StoredCitedDocument | null, string | null | undefined, string | null>;
  adjustment: ColumnType<string, string | undefined, string>;
  reporting_period: ColumnType<string | null, string | null | undefined, string | null>;
  commit_position: Int8;
  prepare_position: Int8;
}

export interface StoredCitedDocument {
  sha256: string;
  kind: string;
  name: string;
  size: number;
  mediaType: string;
}

/** Every read-model table, as Kysely sees it. Projections write them; query handlers read them. */
export interface ReadModelDatabase {
  cash_accounts: CashAccountsTable;
  cash_holds: CashHoldsTable;
  cash_withdrawals: CashWithdrawalsTable;
  cash_transfers: CashTransfersTable;
  held_deposits: HeldDepositsTable;
  cash_statement_totals: CashStatementTotalsTable;
  held_deposit_totals: HeldDepositTotalsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  order_book: OrderBookTable;
  order_book_totals: OrderBookTotalsTable;
  users: UsersTable;
  kyc_status: KycStatusTable;
  aml_transactions: AmlTransactionsTable;
  aml_alerts: AmlAlertsTable;
  aml_totals: AmlTotalsTable;
  credit_batches: CreditBatchesTable;
  credit_holdings: CreditHoldingsTable;
  credit_cancellations: CreditCancellationsTable;
  vault_transfers: VaultTransfersTable;
  direct_trade_offers: DirectTradeOffersTable;
  credit_trades: CreditTradesTable;
  credit_retirements: CreditRetirementsTable;
  credit_retirement_batches: CreditRetirementBatchesTable;
  credit_batch_events: CreditBatchEventsTable;
  credit_market_indexed: CreditMarketIndexedTable;
  compliance_report_events: ComplianceReportEventsTable;
  compliance_log_extent: ComplianceLogExtentTable;
  portfolios: PortfoliosTable;
  market_daily_prices: MarketDailyPricesTable;
  account_daily_positions: AccountDailyPositionsTable;
  amm_reserves: AmmReservesTable;
  projects: ProjectsTable;
  project_reports: ProjectReportsTable;
  project_issuances: ProjectIssuancesTable;
  project_issued_batches: ProjectIssuedBatchesTable;
  project_documents: ProjectDocumentsTable;
  verifier_accreditations: VerifierAccreditationsTable;
  origin_imports: OriginImportsTable;
  batch_claims: BatchClaimsTable;
  project_reversals: ProjectReversalsTable;
}
