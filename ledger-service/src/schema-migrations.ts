import { readModelMigrations } from '@carbon-ledger/projections';
import { authMigrations } from './auth/migrations/index.js';
import { eventStoreMigrations } from './event-store/postgres/migrations/index.js';
import { fundsMigrations } from './funds/migrations/index.js';
import { idempotencyMigrations } from './infrastructure/idempotency/migrations/index.js';
import { type MigrationDatabase, migrateSchemas, type SchemaMigrations } from './infrastructure/postgres/database.js';
import { kycMigrations } from './kyc/migrations/index.js';
import { projectsMigrations } from './projects/migrations/index.js';
import { snapshotMigrations } from './infrastructure/snapshots/migrations/index.js';

/**
 * Every schema the service keeps in PostgreSQL, named here at the composition root so that
 * infrastructure, which applies them, imports no capability. A capability with tables of its
 * own adds its migrations to this list.
 */
function serviceSchemas(options: { eventStore: boolean }): SchemaMigrations[] {
  return [
    ...(options.eventStore ? [{ provider: eventStoreMigrations, table: 'event_store_migrations' }] : []),
    { provider: readModelMigrations, table: 'read_model_migrations' },
    { provider: authMigrations, table: 'auth_migrations' },
    { provider: idempotencyMigrations, table: 'idempotency_migrations' },
    { provider: kycMigrations, table: 'kyc_migrations' },
    { provider: snapshotMigrations, table: 'snapshot_migrations' },
    { provider: fundsMigrations, table: 'funds_migrations' },
    { provider: projectsMigrations, table: 'projects_migrations' },
  ];
}

/** Event-store schema (PostgreSQL adapter only), read models, and the schemas of auth, idempotency, kyc, the market snapshots and the deposit watcher. */
export async function runMigrations(db: MigrationDatabase, options: { eventStore: boolean }): Promise<void> {
  await migrateSchemas(db, serviceSchemas(options));
}
