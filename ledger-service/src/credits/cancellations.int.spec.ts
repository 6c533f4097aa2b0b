import { randomUUID } from 'node:crypto';
import {
  cancelCreditsResponse,
  creditMarketStreamId,
  listCreditsResponse,
  listRegistryBatchesResponse,
  listRegistryCancellationsResponse,
  registrySerialView,
  serialProvenanceResponse,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchSummary } from '../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { issueRegistryBatch } from '../test-support/registry-batch.js';

describe('cancelling credits over HTTP (POST /api/cancel): out of circulation, never retired', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let markets: CreditMarketStore;
  let db: ReadModels;
  let holder: SignedInClient;
  let other: SignedInClient;
  let registry: SignedInClient;
  let batches = 0;

  beforeAll(async () => {
    markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
    db = service.app.get<ReadModels>(READ_MODELS);
    [holder, other, registry] = await Promise.all([service.signIn(['trader']), service.signIn(['trader']), service.signIn(['registry'])]);
  });

  /** A batch of `quantity` credits held by `accountId`. */
  async function batch(accountId: string, quantity = 50): Promise<string> {
    batches += 1;
    const batchId = `SOLAR-2026-CA0C${batches.toString(16).toUpperCase().padStart(4, '0')}`;
    const commandId = randomUUID();
    const context = { commandId, correlationId: commandId, causationId: commandId, actor: { userId: accountId, role: 'issuer' as const }, now: new Date() };
    await markets.execute('Solar Energy', 2026, issueRegistryBatch(batchId, accountId, quantity), context, () => undefined);
    return batchId;
  }

  const summary = (batchId: string) => markets.read('Solar Energy', 2026, (state) => batchSummary(state, batchId));

  /** Cancellations the market stream holds (other events, an issuance's XRPL settlement, may land meanwhile). */
  const cancellations = async (): Promise<number> =>
    (await service.runtime.eventStore.readStream(creditMarketStreamId('Solar Energy', 2026))).filter((event) => event.type === 'CreditsCancelled').length;

  async function refused(client: SignedInClient, body: Record<string, unknown>, status: number, error: string, message: string): Promise<void> {
    const before = await cancellations();
    const response = await client.request('POST', '/api/cancel', body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ error, message });
    expect(await cancellations()).toBe(before);
  }

  it('a holder cancels their own lowest serials voluntarily: 201, the batch counts them cancelled, not retired, and the record names who and why', async () => {
    const tokenId = await batch(holder.userId);
    const response = await holder.request('POST', '/api/cancel', { tokenId, amount: 8, reason: 'voluntary', note: 'Taken off the market' });
    expect(response.status).toBe(201);
    const cancelled = cancelCreditsResponse.parse(await response.json());
    expect(cancelled).toMatchObject({ quantity: 8, serialRanges: [`NXCC-${tokenId}-000001 to NXCC-${tokenId}-000008`] });
    expect(await summary(tokenId)).toMatchObject({ tradable: 42, retired: 0, cancelled: 8 });
    // Read your writes: the registry view has it when the answer comes.
    const row = await db.selectFrom('credit_batches').select(['quantity', 'retired', 'cancelled']).where('token_id', '=', tokenId).executeTakeFirstOrThrow();
    expect(row).toEqual({ quantity: 50, retired: 0, cancelled: 8 });
    const holdings = await db
      .selectFrom('credit_holdings')
      .select(['serial_start', 'serial_end', 'status'])
      .where('token_id', '=', tokenId)
      .orderBy('serial_start')
      .execute();
    expect(holdings).toEqual([
      { serial_start: 1, serial_end: 8, status: 'cancelled' },
      { serial_start: 9, serial_end: 50, status: 'tradable' },
    ]);
    const record = await db.selectFrom('credit_cancellations').selectAll().where('cancellation_id', '=', cancelled.cancellationId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      token_id: tokenId,
      account_id: holder.userId,
      quantity: 8,
      reason: 'voluntary',
      cancelled_by: holder.userId,
      by_registry: false,
    });
    expect(await db.selectFrom('credit_retirements').select('retirement_id').where('token_id', '=', tokenId).execute()).toEqual([]);
    // The batch lists them apart from the retired; the public registry too; the serial says cancelled, not retired.
    const credits = listCreditsResponse.parse(await (await holder.request('GET', '/api/credits')).json());
    expect(credits.credits.find((batch) => batch.tokenId === tokenId)).toMatchObject({ quantity: 50, retired: 0, cancelled: 8, tradable: 42 });
    const batches = listRegistryBatchesResponse.parse(await (await service.anonymous('GET', '/api/registry/batches')).json());
    expect(batches.batches.find((batch) => batch.batchId === tokenId)).toMatchObject({ retired: 0, cancelled: 8 });
    const serial = serialProvenanceResponse.parse(await (await holder.request('GET', `/api/provenance/serials/NXCC-${tokenId}-000003`)).json());
    expect(serial.current).toEqual({ status: 'cancelled', accountId: holder.userId, beneficiary: null });
    const publicSerial = registrySerialView.parse(await (await service.anonymous('GET', `/api/registry/serials/NXCC-${tokenId}-000003`)).json());
    expect(publicSerial.status).toBe('cancelled');
    const listed = listRegistryCancellationsResponse.parse(await (await service.anonymous('GET', '/api/registry/cancellations')).json());
    expect(listed.cancellations.find((entry) => entry.cancellationId === cancelled.cancellationId)).toEqual({
      cancellationId: cancelled.cancellationId,
      batchId: tokenId,
      projectName: 'P',
      quantity: 8,
      serials: [`NXCC-${tokenId}-000001 to NXCC-${tokenId}-000008`],
      reason: 'voluntary',
      note: 'Taken off the market',
      byRegistry: false,
      reversalProjectId: null,
      cancelledAt: expect.any(String),
    });
  });

  it('refuses more than the tradable holding: 409 with the available count, and records nothing', async () => {
    const tokenId = await batch(holder.userId, 5);
    await refused(
      holder,
      { tokenId, amount: 6, reason: 'voluntary' },
      409,
      'Conflict',
      `Insufficient credits: the account holds 5 tradable ${tokenId} credits, 6 needed`,
    );
  });

  it("refuses a holder cancelling someone else's credits, or giving a registry's reason: 403, and records nothing", async () => {
    const tokenId = await batch(holder.userId);
    await refused(
      other,
      { tokenId, amount: 1, reason: 'voluntary', accountId: holder.userId },
      403,
      'Forbidden',
      'Only the holder of credits, or the registry, can cancel them',
    );
    await refused(
      holder,
      { tokenId, amount: 1, reason: 'omge' },
      403,
      'Forbidden',
      'Only the registry cancels credits for the reason "omge"; a holder cancels voluntarily',
    );
  });

  it("the registry cancels any account's credits for a correction or Article 6.4's share; a reversal goes through its project (400)", async () => {
    const tokenId = await batch(holder.userId);
    const response = await registry.request('POST', '/api/cancel', {
      tokenId,
      amount: 3,
      reason: 'correction',
      accountId: holder.userId,
      note: 'Double-counted vintage',
    });
    expect(response.status).toBe(201);
    const cancelled = cancelCreditsResponse.parse(await response.json());
    const record = await db.selectFrom('credit_cancellations').selectAll().where('cancellation_id', '=', cancelled.cancellationId).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ account_id: holder.userId, cancelled_by: registry.userId, by_registry: true, reason: 'correction' });
    const share = await registry.request('POST', '/api/cancel', { tokenId, amount: 2, reason: 'share-of-proceeds', accountId: holder.userId });
    expect(share.status).toBe(201);
    expect(await summary(tokenId)).toMatchObject({ tradable: 45, cancelled: 5, retired: 0 });
    await refused(
      registry,
      { tokenId, amount: 1, reason: 'reversal', accountId: holder.userId },
      400,
      'ValidationFailed',
      expect.stringContaining('A reversal is recorded on its project') as unknown as string,
    );
  });

  it('answers a retried request with the same cancellation and cancels nothing twice', async () => {
    const tokenId = await batch(holder.userId);
    const key = randomUUID();
    const first = await holder.request('POST', '/api/cancel', { tokenId, amount: 4, reason: 'voluntary' }, { 'Idempotency-Key': key });
    const second = await holder.request('POST', '/api/cancel', { tokenId, amount: 4, reason: 'voluntary' }, { 'Idempotency-Key': key });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(cancelCreditsResponse.parse(await second.json()).cancellationId).toBe(cancelCreditsResponse.parse(await first.json()).cancellationId);
    expect(await summary(tokenId)).toMatchObject({ cancelled: 4, tradable: 46 });
  });

  it('refuses signed-out callers (401) and a body without a reason (400)', async () => {
    const tokenId = await batch(holder.userId);
    expect((await service.anonymous('POST', '/api/cancel', { tokenId, amount: 1, reason: 'voluntary' })).status).toBe(401);
    const response = await holder.request('POST', '/api/cancel', { tokenId, amount: 1 });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'ValidationFailed' });
  });
});
