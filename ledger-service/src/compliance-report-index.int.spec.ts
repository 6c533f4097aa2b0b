import { randomUUID } from 'node:crypto';
import {
  ANCHORS_STREAM,
  complianceReportRequest,
  type ComplianceReportInput,
  formatPosition,
  fundsStreamId,
  heldDepositStreamId,
  type Position,
  projectStreamId,
  SEALS_STREAM,
  seededRandom,
} from '@carbon-ledger/contracts';
import { complianceReportEventsProjection, rebuildProjection } from '@carbon-ledger/projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels, type ReadModels } from './infrastructure/postgres/database.js';
import { runMigrations } from './schema-migrations.js';
import { toEventsToAppend } from './shared/command-context.js';
import { MarketLog } from './test-support/generated-market-log.js';
import { readComplianceReport, readComplianceReportFromWholeLog } from './compliance/reports/compliance-report.reader.js';

const HASH = (n: number): string => n.toString(16).toUpperCase().padStart(64, '0');
const SENDER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

const REQUESTS: ComplianceReportInput[] = [
  { framework: 'csrd', period: { from: '2026-01-01', to: '2026-12-31' } },
  { framework: 'issb', period: { from: '2026-03-01', to: '2026-03-31' } },
  { framework: 'un-sdg', period: { from: '2025-07-15T12:00:00.000Z' } },
  { framework: 'csrd' },
  { framework: 'csrd', period: { from: '2000-01-01', to: '2000-12-31' } },
];

/**
 * Around a market's log spread over 2025–2027, what else a compliance report reads: deposits,
 * withdrawals posted or voided, held deposits refunded or not, reversals and their covers, and
 * seals over the log, some anchored.
 */
class RegistryLog {
  private readonly random = seededRandom(11);
  readonly market: MarketLog;
  private seals = 0;
  private sealedTo: Position | null = null;
  private n = 0;

  constructor(private readonly store: PostgresEventStore) {
    this.market = new MarketLog(store, { start: Date.UTC(2025, 5, 1), stepMs: 1.5 * 86_400_000, seed: 3 });
  }

  private async append(streamId: string, events: { type: string; data: unknown }[]): Promise<void> {
    const commandId = randomUUID();
    const context = { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'system', role: 'admin' }, now: this.market.now() };
    await this.store.appendToStream(streamId, toEventsToAppend(events, context), { expected: 'any' });
  }

  async step(): Promise<void> {
    await this.market.randomStep();
    const at = this.market.now().toISOString();
    const roll = this.random();
    this.n += 1;
    const userId = `acct-${this.n % 3}`;
    if (roll < 0.2) {
      await this.append(fundsStreamId(userId), [
        { type: 'FundsDeposited', data: { depositId: randomUUID(), userId, amountCents: 1_000 + this.n, txHash: HASH(this.n), depositedAt: at } },
      ]);
    } else if (roll < 0.3) {
      const withdrawalId = randomUUID();
      await this.append(fundsStreamId(userId), [
        { type: 'WithdrawalRequested', data: { withdrawalId, userId, amountCents: 500 + this.n, destination: SENDER, requestedAt: at } },
      ]);
      // Posted or voided a step later: across a period's end at times.
      await this.market.randomStep();
      const later = this.market.now().toISOString();
      await this.append(fundsStreamId(userId), [
        this.random() < 0.7
          ? { type: 'WithdrawalPosted', data: { withdrawalId, txHash: HASH(this.n + 1_000_000), postedAt: later } }
          : { type: 'WithdrawalVoided', data: { withdrawalId, reason: 'payment failed', voidedAt: later } },
      ]);
    } else if (roll < 0.36) {
      const txHash = HASH(this.n + 2_000_000);
      const stream = heldDepositStreamId(txHash);
      const held = {
        txHash,
        sender: SENDER,
        amountCents: 700 + this.n,
        currency: 'USD',
        issuer: SENDER,
        ledgerIndex: this.n,
        reason: 'missing-tag',
        heldAt: at,
      };
      await this.append(stream, [{ type: 'DepositHeld', data: held }]);
      const request = (attempt: number) => ({
        type: 'HeldDepositRefundRequested',
        data: { txHash, attempt, destination: SENDER, amountCents: held.amountCents, requestedBy: 'compliance', requestedAt: at },
      });
      await this.append(stream, [request(1), { type: 'HeldDepositRefundFailed', data: { txHash, attempt: 1, reason: 'tag required', failedAt: at } }]);
      await this.market.randomStep();
      await this.append(stream, [
        request(2),
        { type: 'HeldDepositRefunded', data: { txHash, attempt: 2, refundTxHash: HASH(this.n + 3_000_000), refundedAt: this.market.now().toISOString() } },
      ]);
    } else if (roll < 0.4) {
      const projectId = `P-${this.n % 5}`;
      const reversalId = randomUUID();
      const reversal = { projectId, reversalId, quantity: 10 + this.n, cause: 'fire', documents: [], recordedBy: 'registry', recordedAt: at };
      await this.append(projectStreamId(projectId), [{ type: 'ReversalRecorded', data: reversal }]);
      if (this.random() < 0.8) {
        await this.market.randomStep();
        const cover = { projectId, reversalId, covered: 5, shortfall: 5 + this.n, cancellations: [], coveredAt: this.market.now().toISOString() };
        await this.append(projectStreamId(projectId), [{ type: 'ReversalCovered', data: cover }]);
      }
    }
    if (this.n % 45 === 0) await this.seal(at);
  }

  /** A seal over the log so far (its figures are not checked here), anchored two times in three. */
  private async seal(at: string): Promise<void> {
    const to = await this.store.headPosition();
    this.seals += 1;
    const sealNumber = this.seals;
    const sealed = {
      sealNumber,
      fromPosition: this.sealedTo ? formatPosition(this.sealedTo) : null,
      toPosition: formatPosition(to),
      eventCount: 1,
      merkleRoot: 'a'.repeat(63) + (sealNumber % 10),
      prevSealHash: null,
      sealHash: 'b'.repeat(63) + (sealNumber % 10),
      sealedAt: at,
    };
    this.sealedTo = to;
    await this.append(SEALS_STREAM, [{ type: 'LedgerSealed', data: sealed }]);
    if (sealNumber % 3 !== 0) {
      const anchor = {
        sealNumber,
        merkleRoot: sealed.merkleRoot,
        txHash: HASH(sealNumber + 4_000_000),
        ledgerIndex: sealNumber,
        network: 'sandbox',
        anchoredAt: at,
      };
      await this.append(ANCHORS_STREAM, [{ type: 'AuditAnchored', data: anchor }]);
    }
  }
}

describe('a compliance report read through the events kept per period', () => {
  let database: TestDatabase;
  let db: ReadModels;
  let store: PostgresEventStore;
  let log: RegistryLog;
  const generatedAt = new Date('2027-02-01T00:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase('compliance-report');
    const pool = createPool(database.connectionString);
    db = createReadModels(pool);
    await runMigrations(db, { eventStore: true });
    store = new PostgresEventStore(pool, { connectionString: database.connectionString });
    log = new RegistryLog(store);
    for (let index = 0; index < 5; index += 1) await log.market.issue(index);
    for (let step = 0; step < 250; step += 1) await log.step();
  });

  afterAll(async () => {
    await store?.close();
    await db?.destroy();
    await database?.drop();
  });

  /** Every request's report, built the new way, is the whole log's fold, hash included. */
  async function expectSameAsWholeLog(): Promise<void> {
    for (const input of REQUESTS) {
      const request = complianceReportRequest.parse(input);
      const expected = await readComplianceReportFromWholeLog(store, request, generatedAt);
      expect(await readComplianceReport(store, request, generatedAt, db), JSON.stringify(input)).toEqual(expected);
    }
  }

  it('equals the whole-log report before the projection ran, while it lags, and once it caught up', async () => {
    const connectionConfig = { connectionString: database.connectionString };
    // The log holds what each part of a 2026 report draws on.
    const year = await readComplianceReportFromWholeLog(store, complianceReportRequest.parse(REQUESTS[0]), generatedAt);
    expect(year.retirements.totals.count).toBeGreaterThan(3);
    expect(year.retirements.records.some((record) => record.xrpl.status === 'settled')).toBe(true);
    expect(year.cash.deposits.count).toBeGreaterThan(0);
    expect(year.cash.withdrawals.count).toBeGreaterThan(0);
    expect(year.cash.refundedDeposits.count).toBeGreaterThan(0);
    expect(year.cash.heldDeposits.count).toBeGreaterThan(0);
    expect(year.cash.trades.count + year.cash.tradesWithoutCash).toBeGreaterThan(0);
    expect(year.reversals.count).toBeGreaterThan(0);
    expect(year.issuance.batches).toBe(0);
    expect(year.ledger.seal).not.toBeNull();

    await expectSameAsWholeLog();
    await rebuildProjection({ eventStore: store, connectionConfig, projection: complianceReportEventsProjection });
    for (let step = 0; step < 120; step += 1) await log.step();
    await expectSameAsWholeLog();
    await rebuildProjection({ eventStore: store, connectionConfig, projection: complianceReportEventsProjection });
    await expectSameAsWholeLog();
    // Caught up, a month's report reads far fewer events than the log holds.
    const extent = await db.selectFrom('compliance_log_extent').select('events').executeTakeFirstOrThrow();
    const kept = await db
      .selectFrom('compliance_report_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBeLessThan(Number(extent.events));
    // A month is read by id, not by a pass over the log.
    const byId = vi.spyOn(store, 'findEvents');
    const readAll = vi.spyOn(store, 'readAll');
    await readComplianceReport(store, complianceReportRequest.parse(REQUESTS[1]), generatedAt, db);
    expect(byId).toHaveBeenCalled();
    expect(readAll).not.toHaveBeenCalled();
    byId.mockRestore();
    readAll.mockRestore();
  });
});
