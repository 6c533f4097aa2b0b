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
}

export interface UsersTable {
  user_id: string;
  email: string;
  name: string;
  roles: string[];
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
  serial_prefix: string;
  issuer_account_id: string;
  xrpl_address: string;
  source: 'registry' | 'xrpl';
  nft_id: string | null;
  settlement_status: 'pending' | 'settled' | 'partial' | 'failed';
  settlement_reason: string | null;
  settlement_transactions: Jsonb<StoredSettlementTransaction[]>;
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
  status: 'tradable' | 'reserved' | 'retired';
  /** The sell order whose escrow holds a reserved block. */
  order_id: string | null;
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
  commit_position: Int8;
  prepare_position: Int8;
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

/** Every read-model table, as Kysely sees it. Projections write them; query handlers read them. */
export interface ReadModelDatabase {
  cash_accounts: CashAccountsTable;
  cash_holds: CashHoldsTable;
  cash_withdrawals: CashWithdrawalsTable;
  cash_transfers: CashTransfersTable;
  held_deposits: HeldDepositsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  order_book: OrderBookTable;
  users: UsersTable;
  kyc_status: KycStatusTable;
  aml_transactions: AmlTransactionsTable;
  aml_alerts: AmlAlertsTable;
  credit_batches: CreditBatchesTable;
  credit_holdings: CreditHoldingsTable;
  vault_transfers: VaultTransfersTable;
  direct_trade_offers: DirectTradeOffersTable;
  credit_trades: CreditTradesTable;
  credit_retirements: CreditRetirementsTable;
  credit_retirement_batches: CreditRetirementBatchesTable;
  portfolios: PortfoliosTable;
  market_daily_prices: MarketDailyPricesTable;
  account_daily_positions: AccountDailyPositionsTable;
  amm_reserves: AmmReservesTable;
}
