import type { Migration, MigrationProvider } from 'kysely/migration';
import * as idempotencyKeys from './2026_11_25_000000_idempotency_keys.js';

export const idempotencyMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_25_000000_idempotency_keys': idempotencyKeys,
  }),
};
