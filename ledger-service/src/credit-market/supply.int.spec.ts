import { randomUUID } from 'node:crypto';
import { type EventStore, healthResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { poolBufferBatch } from '../test-support/pool-backing.js';
import { issueRegistryBatch } from '../test-support/registry-batch.js';
import { CREDIT_MARKETS } from './credit-market.module.js';
import type { CreditMarketStore } from './credit-market.store.js';
import { SupplyCheck, verifySupply } from './verify-supply.js';
import { foldLog } from '../shared/fold-log.js';

/**
 * Supply per batch, checked where it is kept: `npm run verify` folds the log and reads the credit
 * registry read model (verifySupply), /api/health reads the read model. Both name a batch whose
 * read model breaks issued = tradable + reserved + in the vault + retired + cancelled.
 */
describe('supply per batch: npm run verify and /api/health', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let markets: CreditMarketStore;
  let db: ReadModels;
  let eventStore: EventStore;
  let holder: SignedInClient;
  const tokenId = 'SOLAR-2026-5B9910A1';
  const context = () => {
    const commandId = randomUUID();
    return { commandId, correlationId: commandId, causationId: commandId, actor: { userId: holder.userId, role: 'trader' as const }, now: new Date() };
  };
  /** A retirement straight on the market (the HTTP path needs KYC). */
  const retirement = (quantity: number) =>
    ({
      type: 'RetireCredits',
      retirementId: randomUUID(),
      batchId: tokenId,
      accountId: holder.userId,
      quantity,
      beneficiary: 'Acme',
      purpose: '',
      standard: 'Gold Standard',
      offsetType: 'compensation',
      retiredBy: holder.userId,
    }) as const;

  beforeAll(async () => {
    markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
    db = service.app.get<ReadModels>(READ_MODELS);
    eventStore = service.app.get<EventStore>(EVENT_STORE);
    holder = await service.signIn(['trader']);
    await markets.execute('Solar Energy', 2026, issueRegistryBatch(tokenId, holder.userId, 40), context(), () => undefined);
    expect((await holder.request('POST', '/api/cancel', { tokenId, amount: 6, reason: 'voluntary' })).status).toBe(201);
    // A retirement and a sell order's escrow, straight on the market (the HTTP paths need KYC).
    await markets.execute('Solar Energy', 2026, retirement(4), context(), () => undefined);
    const order = { type: 'sell', amount: 5, price: '20.00', projectType: 'Solar Energy', vintage: 2026 } as const;
    await markets.execute('Solar Energy', 2026, { type: 'PlaceOrder', orderId: randomUUID(), ownerId: holder.userId, order }, context(), () => undefined);
    // The sandbox pool's batches, issued by the lifecycle the service walks at start, are in by now.
    await poolBufferBatch(service);
    expect(await service.app.get(ProjectionHost).waitFor(['credit-registry'], await eventStore.headPosition(), 60_000)).toBe(true);
  });

  it('verify: every batch adds up in the log and in the read model, and they agree', async () => {
    // Every batch counts: this one and the sandbox pool's.
    const others = await db.selectFrom('credit_batches').select(['quantity', 'retired', 'cancelled']).where('token_id', '!=', tokenId).execute();
    const sum = (field: 'quantity' | 'retired' | 'cancelled', mine: number): number => others.reduce((total, row) => total + row[field], mine);
    const report = await verifySupply(eventStore, db);
    expect(report).toMatchObject({
      ok: true,
      problems: [],
      batches: others.length + 1,
      issued: sum('quantity', 40),
      retired: sum('retired', 4),
      cancelled: sum('cancelled', 6),
    });
  });

  it('names a batch whose read model counts one more cancelled than its holdings: health 503, verify a mismatch', async () => {
    await db.updateTable('credit_batches').set({ cancelled: 7 }).where('token_id', '=', tokenId).execute();
    try {
      const response = await service.anonymous('GET', '/api/health');
      expect(response.status).toBe(503);
      const health = healthResponse.parse(await response.json());
      expect(health.status).toBe('failed');
      expect(health.supply?.problems).toEqual([`${tokenId}: the batch counts 7 cancelled, its holdings 6`]);
      const report = await verifySupply(eventStore, db);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([`read model: ${tokenId}: the batch counts 7 cancelled, its holdings 6`]);
    } finally {
      await db.updateTable('credit_batches').set({ cancelled: 6 }).where('token_id', '=', tokenId).execute();
    }
  });

  it('verify names a read model whose holdings moved serials the log never moved (cancelled shown as tradable)', async () => {
    await db.updateTable('credit_holdings').set({ status: 'tradable' }).where('token_id', '=', tokenId).where('status', '=', 'cancelled').execute();
    await db.updateTable('credit_batches').set({ cancelled: 0 }).where('token_id', '=', tokenId).execute();
    try {
      const report = await verifySupply(eventStore, db);
      expect(report.problems).toEqual([`read model: ${tokenId} holds 31 tradable, the log 25`, `read model: ${tokenId} holds 0 cancelled, the log 6`]);
    } finally {
      await db.updateTable('credit_holdings').set({ status: 'cancelled' }).where('token_id', '=', tokenId).where('serial_start', '=', 1).execute();
      await db.updateTable('credit_batches').set({ cancelled: 6 }).where('token_id', '=', tokenId).execute();
    }
  });

  // Last: its retirement moves the batch's counts the tests above name.
  it('verify agrees with a read model that applied more of the log while verify read it (the service kept running)', async () => {
    const check = await SupplyCheck.open(db);
    await foldLog(eventStore, check);
    // After the pass over the log and before the report: a retirement the read model applies.
    await markets.execute('Solar Energy', 2026, retirement(2), context(), () => undefined);
    expect(await service.app.get(ProjectionHost).waitFor(['credit-registry'], await eventStore.headPosition(), 60_000)).toBe(true);
    const report = await check.report(db, eventStore);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // The retirement came after the pass: the log's figures are the pass's, the comparison the read model's.
    expect((await verifySupply(eventStore, db)).retired).toBe(report.retired + 2);
  });
});
