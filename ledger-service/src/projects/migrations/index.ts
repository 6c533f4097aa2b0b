import type { Migration, MigrationProvider } from 'kysely/migration';
import * as registryDocuments from './2026_12_01_000000_registry_documents.js';

export const projectsMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_12_01_000000_registry_documents': registryDocuments,
  }),
};
