import { encodeCursor, type EventStore, formatSerial, provenanceQuery, type ProvenanceResponse } from '@carbon-ledger/contracts';
import { creditBatchEventsProjection, projections, rebuildProjection, rebuildProjections } from '@carbon-ledger/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels, type ReadModels } from './infrastructure/postgres/database.js';
import { runMigrations } from './schema-migrations.js';
import { MarketLog, STREAM } from './test-support/generated-market-log.js';
import { readBatchMarketEvents } from './credits/queries/batch-market-events.js';
import { batchScope, GetProvenanceHandler, GetProvenanceQuery, provenanceEntries, serialScope } from './credits/queries/get-provenance.handler.js';

const noSeal = () => null;

describe('a provenance read through the index of which events touched each batch', () => {
  let database: TestDatabase;
  let db: ReadModels;
  let store: PostgresEventStore;
  let log: MarketLog;

  beforeAll(async () => {
    database = await createTestDatabase('batch-events');
    const pool = createPool(database.connectionString);
    db = createReadModels(pool);
    await runMigrations(db, { eventStore: true });
    store = new PostgresEventStore(pool, { connectionString: database.connectionString });
    log = new MarketLog(store);
    for (let index = 0; index < 5; index += 1) await log.issue(index);
    for (let step = 0; step < 250; step += 1) await log.randomStep();
  });

  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  /** Every batch's history, and that of serials spread over each, read both ways, are the same. */
  async function expectSameAsWholeStream(): Promise<number> {
    const whole = await store.readStream(STREAM);
    let compared = 0;
    for (const { batchId, quantity } of log.batches) {
      const prefix = `NXCC-${batchId}`;
      const indexed = await readBatchMarketEvents(db, store, STREAM, batchId);
      const expected = provenanceEntries(whole, batchScope(batchId, prefix), noSeal);
      expect(expected.length).toBeGreaterThan(1);
      expect(provenanceEntries(indexed, batchScope(batchId, prefix), noSeal)).toEqual(expected);
      for (const serial of [1, 2, Math.floor(quantity / 3), Math.floor(quantity / 2), quantity - 1, quantity]) {
        const ofSerial = await readBatchMarketEvents(db, store, STREAM, batchId, serial);
        const scope = (): ReturnType<typeof serialScope> => serialScope(batchId, prefix, serial);
        expect(provenanceEntries(ofSerial, scope(), noSeal), formatSerial(prefix, serial)).toEqual(provenanceEntries(whole, scope(), noSeal));
        compared += 1;
      }
    }
    return compared;
  }

  it('answers as the whole market stream does before the index exists, while it lags, and once it caught up', async () => {
    const connectionConfig = { connectionString: database.connectionString };
    const types = new Set((await store.readStream(STREAM)).map((event) => event.type));
    expect([...types].sort()).toEqual([
      'CreditsIssued',
      'CreditsRetired',
      'DirectTradeOfferWithdrawn',
      'DirectTradeOffered',
      'OrderCancelled',
      'OrderPlaced',
      'TradeExecuted',
      'XrplSettlementRecorded',
    ]);
    // Sell orders that reserved serials of more than one batch.
    expect(
      (await store.readStream(STREAM)).some(
        (event) =>
          event.type === 'OrderPlaced' && new Set((event.data as { reserved?: { batchId: string }[] }).reserved?.map((range) => range.batchId)).size > 1,
      ),
    ).toBe(true);
    // No index yet: the whole stream.
    expect(await expectSameAsWholeStream()).toBe(30);
    // Indexed up to here, then more of the market: the tail past the index is read from the stream.
    await rebuildProjection({ eventStore: store, connectionConfig, projection: creditBatchEventsProjection });
    for (let step = 0; step < 150; step += 1) await log.randomStep();
    await expectSameAsWholeStream();
    // Caught up: the index alone, and a serial reads fewer events than its batch.
    await rebuildProjection({ eventStore: store, connectionConfig, projection: creditBatchEventsProjection });
    await expectSameAsWholeStream();
    const { batchId, quantity } = log.batches[0]!;
    const ofBatch = await readBatchMarketEvents(db, store, STREAM, batchId);
    const ofSerial = await readBatchMarketEvents(db, store, STREAM, batchId, quantity);
    expect(ofBatch.length).toBeLessThan((await store.readStream(STREAM)).length);
    expect(ofSerial.length).toBeLessThan(ofBatch.length);
  });

  /** Every page of a batch's provenance, `limit` at a time, as the handler answers them. */
  async function pagesOf(handler: GetProvenanceHandler, tokenId: string, limit: number): Promise<ProvenanceResponse[]> {
    const pages: ProvenanceResponse[] = [];
    let cursor: string | null = null;
    do {
      const page: ProvenanceResponse = (await handler.execute(
        new GetProvenanceQuery(tokenId, provenanceQuery.parse({ limit: String(limit), ...(cursor ? { cursor } : {}) })),
      ))!;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    return pages;
  }

  it('pages a batch’s history from where the cursor left off, reading the market after it, with the answers of the whole history', async () => {
    // The read models the page consults (who placed an order, which retirements took the batch) and the index, caught up.
    await rebuildProjections({ eventStore: store, connectionConfig: { connectionString: database.connectionString }, projections });
    const indexed = new GetProvenanceHandler(db, store);
    // Whether a page fell back to the whole history (it must not, with the read models caught up).
    let wholeHistoryPages = 0;
    const wholeHistoryPage = Reflect.get(indexed, 'wholeHistoryPage') as (...args: unknown[]) => Promise<unknown>;
    Reflect.set(indexed, 'wholeHistoryPage', (...args: unknown[]) => {
      wholeHistoryPages += 1;
      return wholeHistoryPage.apply(indexed, args);
    });
    // A store without a read by stream version: every page is composed from the whole history.
    const whole = new GetProvenanceHandler(db, { readStream: store.readStream.bind(store) } as unknown as EventStore);
    let pagesCompared = 0;
    for (const { batchId } of log.batches) {
      for (const limit of [1, 3, 7, 50]) {
        const expected = await pagesOf(whole, batchId, limit);
        expect(await pagesOf(indexed, batchId, limit)).toEqual(expected);
        expect(expected.flatMap((page) => page.entries).length).toBeGreaterThan(5);
        pagesCompared += expected.length;
      }
    }
    expect(pagesCompared).toBeGreaterThan(100);
    expect(wholeHistoryPages).toBe(0);
    // A cursor edited to another market version, or to a position the batch's history does not hold, is refused.
    const [first] = await pagesOf(indexed, log.batches[0]!.batchId, 3);
    const key = provenanceQuery.parse({ limit: '3', cursor: first!.nextCursor! }).cursor!;
    for (const edited of [
      [key[0], key[1], String(BigInt(key[2]) + 1n)],
      [key[0], '1:1', key[2]],
    ] as const) {
      const page = provenanceQuery.parse({ limit: '3', cursor: encodeCursor('provenance', edited) });
      await expect(indexed.execute(new GetProvenanceQuery(key[0], page))).rejects.toThrow('cursor is not a cursor of this list');
    }
  });
});
