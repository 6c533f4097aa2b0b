import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AuthDatabase {
  auth_credentials: { user_id: string; email: string; password_hash: string; created_at: Timestamp };
  auth_sessions: {
    token_hash: string;
    user_id: string;
    csrf_token: string;
    created_at: Timestamp;
    expires_at: Timestamp;
  };
}
