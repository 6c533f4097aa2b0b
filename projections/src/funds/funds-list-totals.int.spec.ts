import { randomUUID } from 'node:crypto';
import { type FundsEvent, fundsStreamId, heldDepositStreamId, START } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storableEvent } from '../runtime/storable-event.js';
import { useProjectionTestBed } from '../test-support/projection-test-bed.js';
import { cashLedgerProjection } from './cash-ledger.projection.js';
import { heldDepositsProjection } from './held-deposits.projection.js';

const SENDER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const now = (): string => new Date().toISOString();
/** An XRPL transaction hash of its own (64 hex digits). */
const aTxHash = (): string => `${randomUUID()}${randomUUID()}`.replaceAll('-', '').toUpperCase();

const deposited = (userId: string, amountCents = 500): FundsEvent => ({
  type: 'FundsDeposited',
  data: { depositId: randomUUID(), userId, amountCents, txHash: aTxHash(), depositedAt: now() },
});

const held = (txHash: string): FundsEvent => ({
  type: 'DepositHeld',
  data: { txHash, sender: SENDER, amountCents: 725, currency: 'USD', issuer: SENDER, ledgerIndex: 1000, reason: 'missing-tag', heldAt: now() },
});

/** The funds lists' totals are kept rows: each must equal the count over the rows it stands for. */
describe('funds list totals kept by the cash-ledger and held-deposits projections', () => {
  const bed = useProjectionTestBed([cashLedgerProjection, heldDepositsProjection]);

  async function statementTotals(): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
    const kept = await bed.db.selectFrom('cash_statement_totals').select(['user_id', 'transfers']).execute();
    const counted = await bed.db
      .selectFrom('cash_transfers')
      .select(['user_id', sql<string>`count(*)`.as('transfers')])
      .groupBy('user_id')
      .execute();
    const byUser = (rows: readonly { user_id: string; transfers: string }[]) => Object.fromEntries(rows.map((row) => [row.user_id, Number(row.transfers)]));
    return { kept: byUser(kept), counted: byUser(counted) };
  }

  async function heldTotals(): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
    const kept = await bed.db.selectFrom('held_deposit_totals').select(['status', 'deposits']).where('deposits', '<>', '0').execute();
    const counted = await bed.db
      .selectFrom('held_deposits')
      .select(['status', sql<string>`count(*)`.as('deposits')])
      .groupBy('status')
      .execute();
    const byStatus = (rows: readonly { status: string; deposits: string }[]) => Object.fromEntries(rows.map((row) => [row.status, Number(row.deposits)]));
    return { kept: byStatus(kept), counted: byStatus(counted) };
  }

  /** The log's events (its last `last` only, when given) applied again in one batch, as a redelivery after a lost commit answer would. */
  async function redeliver(last?: number): Promise<void> {
    const all = (await bed.store.readAll({ after: START, limit: 10_000 })).map(storableEvent);
    const log = last === undefined ? all : all.slice(-last);
    await bed.db.transaction().execute(async (trx) => {
      await cashLedgerProjection.applyBatch(log, trx);
      await heldDepositsProjection.applyBatch(log, trx);
    });
  }

  it("counts each user's statement rows as the cash ledger stores them, once", async () => {
    const [alice, bob] = [randomUUID(), randomUUID()];
    await bed.append(fundsStreamId(alice), [deposited(alice), deposited(alice), deposited(alice)]);
    await bed.append(fundsStreamId(bob), [deposited(bob)]);
    await bed.append(fundsStreamId(alice), [
      { type: 'WithdrawalRequested', data: { withdrawalId: randomUUID(), userId: alice, amountCents: 100, destination: SENDER, requestedAt: now() } },
    ]);
    const totals = await statementTotals();
    expect(totals.kept[alice]).toBe(4);
    expect(totals.kept[bob]).toBe(1);
    expect(totals.kept).toEqual(totals.counted);

    await redeliver();
    expect(await statementTotals()).toEqual(totals);
    await redeliver(2);
    expect(await statementTotals()).toEqual(totals);
  });

  it('counts held deposits per status as they are held, refunded, held again and assigned, once', async () => {
    const [kept, refunded, assigned] = [aTxHash(), aTxHash(), aTxHash()];
    const compliance = randomUUID();
    for (const txHash of [kept, refunded, assigned]) await bed.append(heldDepositStreamId(txHash), [held(txHash)]);
    expect((await heldTotals()).kept).toEqual({ held: 3 });

    const requested = (txHash: string, attempt: number): FundsEvent => ({
      type: 'HeldDepositRefundRequested',
      data: { txHash, attempt, destination: SENDER, amountCents: 725, requestedBy: compliance, requestedAt: now() },
    });
    await bed.append(heldDepositStreamId(refunded), [requested(refunded, 1)]);
    await bed.append(heldDepositStreamId(assigned), [requested(assigned, 1)]);
    expect((await heldTotals()).kept).toEqual({ held: 1, refunding: 2 });
    await bed.append(heldDepositStreamId(refunded), [
      { type: 'HeldDepositRefunded', data: { txHash: refunded, attempt: 1, refundTxHash: aTxHash(), refundedAt: now() } },
    ]);
    await bed.append(heldDepositStreamId(assigned), [
      { type: 'HeldDepositRefundFailed', data: { txHash: assigned, attempt: 1, reason: 'tec_DST_TAG_NEEDED', failedAt: now() } },
      { type: 'HeldDepositAssigned', data: { txHash: assigned, userId: randomUUID(), amountCents: 725, assignedBy: compliance, assignedAt: now() } },
    ]);
    const totals = await heldTotals();
    expect(totals.kept).toEqual({ held: 1, refunded: 1, assigned: 1 });
    expect(totals.kept).toEqual(totals.counted);

    await redeliver();
    expect(await heldTotals()).toEqual(totals);
    // The last event again: the row is in the status it sets already.
    await redeliver(1);
    expect(await heldTotals()).toEqual(totals);
  });

  it('rebuilds the totals with the rows they count', async () => {
    const before = { statement: await statementTotals(), held: await heldTotals() };
    await bed.rebuild(2);
    expect({ statement: await statementTotals(), held: await heldTotals() }).toEqual(before);
  });
});
