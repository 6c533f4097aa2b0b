import type { Migration, MigrationProvider } from 'kysely/migration';
import * as depositWatch from './2026_11_27_000000_deposit_watch.js';

export const fundsMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_27_000000_deposit_watch': depositWatch,
  }),
};
