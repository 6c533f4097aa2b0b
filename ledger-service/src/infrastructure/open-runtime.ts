import { join } from 'node:path';
import type { EventStore } from '@carbon-ledger/contracts';
import { type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import type { AppConfig } from '../config/config.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { DatabaseAvailability } from './postgres/database-availability.js';
import { createPool, createReadModels, runMigrations } from './postgres/database.js';
import { startEmbeddedPostgres } from './postgres/embedded-postgres.js';
import type { ServiceRuntime } from './service-runtime.js';

export interface OpenedRuntime {
  readonly runtime: ServiceRuntime;
  /** Where the read models live, for the start-up banner (password hidden). */
  readonly databaseLabel: string;
  readonly xrplLabel: string;
  close(): Promise<void>;
}

async function openEventStore(config: AppConfig, pool: ServiceRuntime['pool'], connectionString: string): Promise<EventStore> {
  if (config.EVENT_STORE === 'postgres') return new PostgresEventStore(pool, { connectionString });
  const { KurrentDbEventStore } = await import('../event-store/kurrentdb/kurrentdb-event-store.js');
  return KurrentDbEventStore.connect(config.KURRENTDB_URL ?? '');
}

/** PostgreSQL (embedded unless DATABASE_URL is set), migrations, and the configured event store. */
export async function openRuntime(
  config: AppConfig,
  log: (line: string) => void = () => undefined,
  options: { readonly xrpl?: boolean } = {},
): Promise<OpenedRuntime> {
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT, log });
  const connectionString = config.DATABASE_URL ?? embedded?.connectionString ?? '';
  const pool = createPool(connectionString);
  const readModels = createReadModels(pool);
  const database = new DatabaseAvailability(pool, log);
  // In embedded mode the service owns its PostgreSQL: a server that exits is started again.
  embedded?.supervise({ down: (reason) => database.markDown(reason), restarted: () => database.probeNow() });
  let sandbox: Sandbox | undefined;
  try {
    // Command-line tools work on the log only and start no ledger node.
    sandbox =
      config.XRPL_URL || options.xrpl === false
        ? undefined
        : await startSandbox({
            port: config.XRPL_SANDBOX_PORT,
            dataDir: join(config.dataDir, 'xrpl'),
            ledgerCloseIntervalMs: config.XRPL_LEDGER_CLOSE_MS,
          });
    await runMigrations(readModels, { eventStore: config.EVENT_STORE === 'postgres' });
    const eventStore = await openEventStore(config, pool, connectionString);
    const url = new URL(connectionString);
    return {
      runtime: {
        config,
        pool,
        database,
        readModels,
        eventStore,
        eventStoreAdapter: config.EVENT_STORE,
        readModelConnection: { connectionString },
        xrpl: sandbox
          ? { url: sandbox.url, genesisSeed: sandbox.genesis.seed }
          : { url: config.XRPL_URL ?? '', ...(config.XRPL_GENESIS_SEED ? { genesisSeed: config.XRPL_GENESIS_SEED } : {}) },
      },
      xrplLabel: sandbox ? `local XRPL sandbox at ${sandbox.url}, data in ${join(config.dataDir, 'xrpl')}` : `XRPL ${config.XRPL_NETWORK}`,
      databaseLabel: embedded
        ? `embedded PostgreSQL on 127.0.0.1:${config.EMBEDDED_PG_PORT}, data in ${config.dataDir}`
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
