import type { ReadModelDatabase } from '@carbon-ledger/projections';
import { readModelMigrations } from '@carbon-ledger/projections';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { authMigrations } from '../../auth/migrations/index.js';
import { eventStoreMigrations } from '../../event-store/postgres/migrations/index.js';
import { idempotencyMigrations } from '../idempotency/migrations/index.js';
import { kycMigrations } from '../../kyc/migrations/index.js';
import { snapshotMigrations } from '../snapshots/migrations/index.js';

export type ReadModels = Kysely<ReadModelDatabase>;

/**
 * A statement the server refused (severity ERROR: a raised conflict, a duplicate key)
 * leaves its connection usable; a pool query outside a transaction has nothing to roll back.
 */
function isStatementError(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === 'ERROR';
}

/**
 * pg.Pool's own query releases its client with the error and so closes the connection
 * after every failed statement: under conflicts (normal traffic on a shared stream) the
 * pool would open a new connection per refused append. This one keeps it.
 */
async function queryKeepingConnection(pool: pg.Pool, config: unknown, values?: unknown): Promise<pg.QueryResult> {
  if (typeof values === 'function' || typeof config === 'function') throw new TypeError('pool.query takes no callback here');
  const client = await pool.connect();
  try {
    const result = await client.query(config as pg.QueryConfig, values as unknown[] | undefined);
    client.release();
    return result;
  } catch (error) {
    client.release(isStatementError(error) ? undefined : (error as Error));
    throw error;
  }
}

export function createPool(connectionString: string, max = 20): pg.Pool {
  // A server that does not answer (a host gone from the network) fails a connect after
  // connectionTimeoutMillis instead of holding the request forever; keep-alive notices a
  // dead peer under an idle connection.
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, keepAlive: true });
  pool.query = ((config: unknown, values?: unknown) => queryKeepingConnection(pool, config, values)) as pg.Pool['query'];
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
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Event-store schema (PostgreSQL adapter only) and read-model schema. */
export async function runMigrations(db: MigrationDatabase, options: { eventStore: boolean }): Promise<void> {
  if (options.eventStore) await migrate(db, eventStoreMigrations, 'event_store_migrations');
  await migrate(db, readModelMigrations, 'read_model_migrations');
  await migrate(db, authMigrations, 'auth_migrations');
  await migrate(db, idempotencyMigrations, 'idempotency_migrations');
  await migrate(db, kycMigrations, 'kyc_migrations');
  await migrate(db, snapshotMigrations, 'snapshot_migrations');
}
