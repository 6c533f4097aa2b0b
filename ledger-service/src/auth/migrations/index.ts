import type { Migration, MigrationProvider } from 'kysely/migration';
import * as credentialsAndSessions from './2026_11_22_000000_credentials_and_sessions.js';

export const authMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_22_000000_credentials_and_sessions': credentialsAndSessions,
  }),
};
