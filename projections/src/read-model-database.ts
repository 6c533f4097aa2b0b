import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric columns come back from pg as strings. */
type Numeric = ColumnType<string, string | number, string | number>;
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;

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

/** Every read-model table, as Kysely sees it. Projections write them; query handlers read them. */
export interface ReadModelDatabase {
  projection_checkpoints: ProjectionCheckpointsTable;
  order_book: OrderBookTable;
  users: UsersTable;
  kyc_status: KycStatusTable;
  aml_transactions: AmlTransactionsTable;
  aml_alerts: AmlAlertsTable;
}
