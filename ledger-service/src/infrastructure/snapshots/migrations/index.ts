import type { Migration, MigrationProvider } from 'kysely/migration';
import * as streamSnapshots from './2026_11_26_600000_stream_snapshots.js';

export const snapshotMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_26_600000_stream_snapshots': streamSnapshots,
  }),
};
