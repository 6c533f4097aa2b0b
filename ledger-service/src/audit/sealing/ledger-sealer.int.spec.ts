import { isAuditEvent, type LedgerSealedData, SEALS_STREAM } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database.js';
import { type AppConfig, loadConfig } from '../../config/config.js';
import { PostgresEventStore } from '../../event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels } from '../../infrastructure/postgres/database.js';
import { runMigrations } from '../../schema-migrations.js';
import { sampleEvent } from '../../test-support/sample-events.js';
import { LedgerSealer } from './ledger-sealer.js';

/** "Soon after start": far below the interval. */
const SOON_MS = 5_000;

describe('LedgerSealer schedule', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let readModels: ReturnType<typeof createReadModels>;
  let eventStore: PostgresEventStore;
  let config: AppConfig;

  beforeAll(async () => {
    database = await createTestDatabase('sealer');
    pool = createPool(database.connectionString);
    readModels = createReadModels(pool);
    await runMigrations(readModels, { eventStore: true });
    eventStore = new PostgresEventStore(pool, { connectionString: database.connectionString });
    // The default interval: a service restarted more often than this used to never seal.
    config = loadConfig({ DATABASE_URL: database.connectionString, SEAL_INTERVAL_MS: '60000' });
  });
  afterAll(async () => {
    await eventStore?.close();
    await readModels?.destroy();
    await database?.drop();
  });

  async function seals(): Promise<LedgerSealedData[]> {
    return (await eventStore.readStream(SEALS_STREAM)).filter(isAuditEvent).flatMap((event) => (event.type === 'LedgerSealed' ? [event.data] : []));
  }

  /** Starts a sealer as the service does and waits (at most SOON_MS) for the seal count to reach `count`. */
  async function startAndWaitForSeal(count: number): Promise<{ sealer: LedgerSealer; elapsedMs: number }> {
    const sealer = new LedgerSealer(eventStore, config, { readModelConnection: { connectionString: database.connectionString } });
    const started = Date.now();
    sealer.onApplicationBootstrap();
    while ((await seals()).length < count && Date.now() - started < SOON_MS) await new Promise((resolve) => setTimeout(resolve, 50));
    return { sealer, elapsedMs: Date.now() - started };
  }

  it('seals what the last run left unsealed within seconds of each start, not an interval later', async () => {
    await eventStore.appendToStream('order-1', [sampleEvent(0), sampleEvent(1)], { expected: 'no_stream' });
    const first = await startAndWaitForSeal(1);
    await first.sealer.onApplicationShutdown();
    expect(first.elapsedMs).toBeLessThan(SOON_MS);
    expect(await seals()).toMatchObject([{ sealNumber: 1, eventCount: 2, prevSealHash: null }]);

    // Restarted before an interval has passed: the next start seals what came since.
    await eventStore.appendToStream('order-2', [sampleEvent(0)], { expected: 'no_stream' });
    const second = await startAndWaitForSeal(2);
    await second.sealer.onApplicationShutdown();
    expect(second.elapsedMs).toBeLessThan(SOON_MS);
    const [sealOne, sealTwo] = await seals();
    expect(sealTwo).toMatchObject({ sealNumber: 2, fromPosition: sealOne?.toPosition, prevSealHash: sealOne?.sealHash });
  });

  it('starts no seal when nothing new was recorded since the last one', async () => {
    const before = (await seals()).length;
    const sealer = new LedgerSealer(eventStore, config, { readModelConnection: { connectionString: database.connectionString } });
    sealer.onApplicationBootstrap();
    expect(await sealer.sealNow()).toBeUndefined();
    await sealer.onApplicationShutdown();
    expect(await seals()).toHaveLength(before);
  });

  it('with two instances one holds the sealer; when it is gone the other takes the job within seconds and seals what came since', async () => {
    await eventStore.appendToStream('order-3', [sampleEvent(0)], { expected: 'no_stream' });
    const before = (await seals()).length;
    const first = await startAndWaitForSeal(before + 1);
    const second = new LedgerSealer(eventStore, config, { readModelConnection: { connectionString: database.connectionString } });
    second.onApplicationBootstrap();
    await eventStore.appendToStream('order-4', [sampleEvent(0)], { expected: 'no_stream' });
    // The holder's lock connection closes (as when its process dies); the standby asks again within a second and seals at once.
    const gone = Date.now();
    await first.sealer.onApplicationShutdown();
    while ((await seals()).length < before + 2 && Date.now() - gone < SOON_MS) await new Promise((resolve) => setTimeout(resolve, 50));
    await second.onApplicationShutdown();
    const all = await seals();
    expect(all).toHaveLength(before + 2);
    expect(all.at(-1)).toMatchObject({ sealNumber: before + 2, fromPosition: all.at(-2)?.toPosition, prevSealHash: all.at(-2)?.sealHash });
  });
});
