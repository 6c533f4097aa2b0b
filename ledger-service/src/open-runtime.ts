import { join } from 'node:path';
import type { EventStore } from '@carbon-ledger/contracts';
import { GENESIS_SEED, type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import type { AppConfig } from './config/config.js';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { DatabaseAvailability } from './infrastructure/postgres/database-availability.js';
import { createPool, createReadModels } from './infrastructure/postgres/database.js';
import { runMigrations } from './schema-migrations.js';
import { isAlive } from './infrastructure/postgres/instance-lock.js';
import { joinEmbeddedPostgres, NothingToJoin, startEmbeddedPostgres } from './infrastructure/postgres/embedded-postgres.js';
import { readPublishedSandbox } from './infrastructure/xrpl/sandbox-url-file.js';
import type { ServiceRuntime } from './infrastructure/service-runtime.js';

export interface OpenedRuntime {
  readonly runtime: ServiceRuntime;
  /** Where the read models live, for the start-up banner (password hidden). */
  readonly databaseLabel: string;
  readonly xrplLabel: string;
  close(): Promise<void>;
}

async function openEventStore(config: AppConfig, pool: ServiceRuntime['pool'], connectionString: string): Promise<EventStore> {
  if (config.EVENT_STORE === 'postgres') return new PostgresEventStore(pool, { connectionString });
  const { KurrentDbEventStore } = await import('./event-store/kurrentdb/kurrentdb-event-store.js');
  return KurrentDbEventStore.connect(config.KURRENTDB_URL ?? '');
}

/**
 * The runtime over a PostgreSQL already running at `connectionString` (migrated here), with the
 * PostgreSQL event store: what a tool opens beside a running service and a test on its own
 * database. `close` ends the store and the pool; the server and the XRPL node stay.
 */
export async function openPostgresRuntime(
  config: AppConfig,
  connectionString: string,
  xrpl: ServiceRuntime['xrpl'],
  connections?: number,
): Promise<{ readonly runtime: ServiceRuntime & { readonly eventStore: PostgresEventStore }; close(): Promise<void> }> {
  const pool = createPool(connectionString, connections);
  const readModels = createReadModels(pool);
  await runMigrations(readModels, { eventStore: true });
  const eventStore = new PostgresEventStore(pool, { connectionString });
  const database = new DatabaseAvailability(pool);
  return {
    runtime: { config, pool, database, readModels, eventStore, eventStoreAdapter: 'postgres', readModelConnection: { connectionString }, xrpl },
    close: async () => {
      database.close();
      await eventStore.close();
      await readModels.destroy();
    },
  };
}

/** The XRPL sandbox node the first instance runs in its process and published under the data directory. */
function joinedSandboxUrl(config: AppConfig): string {
  const published = readPublishedSandbox(config.dataDir);
  if (!published || !isAlive(published.pid)) {
    throw new NothingToJoin(`No XRPL sandbox node is running with the data in ${config.dataDir}. Start the first instance with \`npm start\`, then join it.`);
  }
  return published.url;
}

/**
 * PostgreSQL (embedded unless DATABASE_URL is set), migrations, and the configured event store.
 * `join`: another instance runs on this data directory; use its embedded PostgreSQL and its
 * sandbox node instead of starting them (NothingToJoin when it does not run).
 */
export async function openRuntime(
  config: AppConfig,
  log: (line: string) => void = () => undefined,
  options: { readonly xrpl?: boolean; readonly join?: boolean } = {},
): Promise<OpenedRuntime> {
  // Each start-up step logs how long it took, so a start that grows with the log names its step.
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await run();
    log(`start-up: ${step} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return value;
  };
  const joined = options.join === true && !config.DATABASE_URL ? joinEmbeddedPostgres(config.dataDir) : undefined;
  const joinedXrpl =
    options.join === true && !config.XRPL_URL && config.XRPL_NETWORK === 'sandbox' && options.xrpl !== false ? joinedSandboxUrl(config) : undefined;
  const embedded =
    config.DATABASE_URL || joined
      ? undefined
      : await timed('embedded PostgreSQL', () => startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, log }));
  const connectionString = config.DATABASE_URL ?? joined ?? embedded?.connectionString ?? '';
  const pool = createPool(connectionString);
  const readModels = createReadModels(pool);
  const database = new DatabaseAvailability(pool, log);
  // In embedded mode the service owns its PostgreSQL: a server that exits is started again.
  embedded?.supervise({ down: (reason) => database.serverExited(reason), restarted: () => database.serverRestarted() });
  let sandbox: Sandbox | undefined;
  try {
    // Command-line tools work on the log only and start no ledger node.
    sandbox =
      config.XRPL_URL || joinedXrpl || options.xrpl === false
        ? undefined
        : await timed('XRPL sandbox node', () =>
            startSandbox({
              port: config.XRPL_SANDBOX_PORT,
              dataDir: join(config.dataDir, 'xrpl'),
              ledgerCloseIntervalMs: config.XRPL_LEDGER_CLOSE_MS,
            }),
          );
    await timed('migrations', () => runMigrations(readModels, { eventStore: config.EVENT_STORE === 'postgres' }));
    const eventStore = await timed('event store', () => openEventStore(config, pool, connectionString));
    const url = new URL(connectionString);
    return {
      runtime: {
        config,
        pool,
        database,
        readModels,
        eventStore,
        eventStoreAdapter: config.EVENT_STORE,
        // Named per process, so an operator (and the cluster test) sees which instance holds which job lock.
        readModelConnection: { connectionString, application_name: `carbon-ledger pid ${process.pid}` },
        xrpl: sandbox
          ? { url: sandbox.url, genesisSeed: sandbox.genesis.seed }
          : joinedXrpl
            ? // The first instance provisioned its node.
              { url: joinedXrpl }
            : config.XRPL_URL && config.XRPL_NETWORK === 'sandbox'
              ? // A sandbox node elsewhere has rippled's well-known genesis account; instances provision it one at a time.
                { url: config.XRPL_URL ?? '', genesisSeed: GENESIS_SEED }
              : { url: config.XRPL_URL ?? '', ...(config.XRPL_GENESIS_SEED ? { genesisSeed: config.XRPL_GENESIS_SEED } : {}) },
      },
      xrplLabel: sandbox
        ? `local XRPL sandbox at ${sandbox.url}, data in ${join(config.dataDir, 'xrpl')}`
        : joinedXrpl
          ? `the XRPL sandbox of the instance joined, at ${joinedXrpl}`
          : `XRPL ${config.XRPL_NETWORK}`,
      databaseLabel: embedded
        ? `embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT}, data in ${config.dataDir}`
        : joined
          ? `the embedded PostgreSQL of the instance joined, on 127.0.0.1:${url.port}, data in ${config.dataDir}`
          : `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: async () => {
        database.close();
        await eventStore.close();
        await readModels.destroy();
        await sandbox?.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    database.close();
    await sandbox?.close().catch(() => undefined);
    await readModels.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
