import type { Migration, MigrationProvider } from 'kysely/migration';
import * as credentialsAndSessions from './2026_11_22_000000_credentials_and_sessions.js';
import * as loginThrottleAndSessionDetails from './2026_11_25_000000_login_throttle_and_session_details.js';

export const authMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_22_000000_credentials_and_sessions': credentialsAndSessions,
    '2026_11_25_000000_login_throttle_and_session_details': loginThrottleAndSessionDetails,
  }),
};
