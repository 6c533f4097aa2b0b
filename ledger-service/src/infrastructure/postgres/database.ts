import type { ReadModelDatabase } from '@carbon-ledger/projections';
import { readModelMigrations } from '@carbon-ledger/projections';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { authMigrations } from '../../auth/migrations/index.js';
import { eventStoreMigrations } from '../../event-store/postgres/migrations/index.js';
import { kycMigrations } from '../../kyc/migrations/index.js';


export type ReadModels = Kysely<ReadModelDatabase>;

export function createPool(connectionString: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // A client that loses its connection must not crash the process: an idle one is
  // reported on the pool; a checked-out one (the pool drops its own listener then)
  // fails its queries, becomes unqueryable and is discarded when released. This is
  // what happens when the server stops first, as on Ctrl+C in a terminal, where the
  // embedded server gets the signal too.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createReadModels(pool: pg.Pool): ReadModels {
  return new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool }) });
}

// Migrations are frozen in time and typed Kysely<any> by design; so is the database they receive.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type MigrationDatabase = Kysely<any>;

async function migrate(db: MigrationDatabase, provider: MigrationProvider, table: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(
      `migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Event-store schema (PostgreSQL adapter only) and read-model schema. */
export async function runMigrations(db: MigrationDatabase, options: { eventStore: boolean }): Promise<void> {
  if (options.eventStore) await migrate(db, eventStoreMigrations, 'event_store_migrations');
  await migrate(db, readModelMigrations, 'read_model_migrations');
  await migrate(db, authMigrations, 'auth_migrations');
  await migrate(db, kycMigrations, 'kyc_migrations');
}
