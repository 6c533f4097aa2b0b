import type { Migration, MigrationProvider } from 'kysely/migration';
import * as addressChallenges from './2026_11_25_000000_address_challenges.js';

export const kycMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_25_000000_address_challenges': addressChallenges,
  }),
};
