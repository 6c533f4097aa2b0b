import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AuthDatabase {
  auth_credentials: { user_id: string; email: string; password_hash: string; created_at: Timestamp };
  auth_sessions: {
    token_hash: string;
    /** Public id of a session (the token hash never leaves the server). */
    session_id: Generated<string>;
    user_id: string;
    csrf_token: string;
    created_at: Timestamp;
    expires_at: Timestamp;
    last_seen_at: Timestamp;
    user_agent: string | null;
    client_address: string | null;
  };
  auth_login_throttle: {
    throttle_key: string;
    failures: number;
    last_failure_at: Timestamp;
    blocked_until: Timestamp;
  };
}
