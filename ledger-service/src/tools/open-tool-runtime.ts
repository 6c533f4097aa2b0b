import { loadConfig } from '../config/config.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels, runMigrations } from '../infrastructure/postgres/database.js';
import { acquireInstanceLock, AlreadyRunning } from '../infrastructure/postgres/instance-lock.js';
import { type OpenedRuntime, openRuntime } from '../infrastructure/open-runtime.js';

/**
 * Command-line tools work with or without a running service: with the service
 * running they use its embedded PostgreSQL; otherwise they start it themselves.
 */
export async function openToolRuntime(): Promise<OpenedRuntime> {
  const config = loadConfig();
  if (config.DATABASE_URL || config.EVENT_STORE === 'kurrentdb') return openRuntime(config, undefined, { xrpl: false });
  let release: (() => void) | undefined;
  try {
    release = acquireInstanceLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof AlreadyRunning)) throw error;
  }
  if (release) {
    const opened = await openRuntime(config, undefined, { xrpl: false });
    return { ...opened, close: async () => { await opened.close(); release?.(); } };
  }
  // The service is running: its embedded server is up on the configured port.
  const connectionString = `postgres://postgres:carbon-ledger-local@127.0.0.1:${config.EMBEDDED_PG_PORT}/carbon_ledger`;
  const pool = createPool(connectionString, 4);
  const readModels = createReadModels(pool);
  await runMigrations(readModels, { eventStore: true });
  const eventStore = new PostgresEventStore(pool, { connectionString });
  return {
    runtime: { config, pool, readModels, eventStore, eventStoreAdapter: 'postgres', readModelConnection: { connectionString }, xrpl: { url: '' } },
    xrplLabel: 'not used',
    databaseLabel: `the running service's embedded PostgreSQL on port ${config.EMBEDDED_PG_PORT}`,
    close: async () => {
      await eventStore.close();
      await readModels.destroy();
    },
  };
}
