import { BUFFER_POOL_ACCOUNT_ID, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { batchSummary, type CreditMarketCommand, registryViolations, tradableOf } from './credit-market.decider.js';
import { issueRegistryBatch as issue } from '../test-support/registry-batch.js';
import { marketRefusal, runMarket, specId } from '../test-support/market-runs.js';
import { decodeMarketState, encodeMarketState } from './market-state-codec.js';

const now = new Date('2026-12-02T10:00:00.000Z');
const BATCH = 'SOLAR-2026-CCCCCCCC';
const ids = specId;
const run = (commands: CreditMarketCommand[]) => runMarket(now, commands);
const refusal = (commands: CreditMarketCommand[]) => marketRefusal(now, commands);

const cancel = (overrides: Partial<Extract<CreditMarketCommand, { type: 'CancelCredits' }>> = {}): CreditMarketCommand => ({
  type: 'CancelCredits',
  cancellationId: ids(50),
  batchId: BATCH,
  accountId: 'alice',
  quantity: 10,
  reason: 'voluntary',
  note: 'No claim',
  cancelledBy: 'alice',
  asRegistry: false,
  ...overrides,
});

describe('cancelling credits (decider)', () => {
  it('a holder cancels their own lowest tradable serials: CreditsCancelled, out of circulation, never retired', () => {
    const { state, events } = run([issue(BATCH, 'alice', 100), cancel()]);
    expect(events).toEqual([
      {
        type: 'CreditsCancelled',
        data: {
          cancellationId: ids(50),
          batchId: BATCH,
          accountId: 'alice',
          quantity: 10,
          ranges: [{ batchId: BATCH, start: 1, end: 10 }],
          reason: 'voluntary',
          note: 'No claim',
          cancelledBy: 'alice',
          byRegistry: false,
          cancelledAt: now.toISOString(),
        },
      },
    ]);
    expect(tradableOf(state, 'alice')).toEqual([{ batchId: BATCH, start: 11, end: 100 }]);
    expect(batchSummary(state, BATCH)).toEqual({ tradable: 90, inVault: 0, reserved: 0, retired: 0, cancelled: 10 });
    expect(state.retired.size).toBe(0);
    expect(registryViolations(state)).toEqual([]);
  });

  it("refuses someone else's serials (403), a registry reason from a holder (403), more than the tradable holding (409), an unknown batch (404)", () => {
    expect(refusal([issue(BATCH, 'alice', 100), cancel({ cancelledBy: 'bob' })])).toMatchObject({
      code: 'Forbidden',
      message: 'Only the holder of credits, or the registry, can cancel them',
    });
    expect(refusal([issue(BATCH, 'alice', 100), cancel({ reason: 'correction' })])).toMatchObject({
      code: 'Forbidden',
      message: 'Only the registry cancels credits for the reason "correction"; a holder cancels voluntarily',
    });
    expect(refusal([issue(BATCH, 'alice', 5), cancel({ quantity: 6 })])).toMatchObject({
      code: 'Conflict',
      message: `Insufficient credits: the account holds 5 tradable ${BATCH} credits, 6 needed`,
      details: { available: 5, requested: 6 },
    });
    expect(refusal([cancel()])).toMatchObject({ code: 'NotFound' });
  });

  it('serials escrowed in a sell order are not tradable: cancelling them is 409 until the order is cancelled', () => {
    const sell: CreditMarketCommand = {
      type: 'PlaceOrder',
      orderId: ids(7),
      ownerId: 'alice',
      order: { type: 'sell', amount: 95, price: '10.00', projectType: 'Solar Energy', vintage: 2026 },
    };
    expect(refusal([issue(BATCH, 'alice', 100), sell, cancel()])).toMatchObject({ code: 'Conflict', details: { available: 5, requested: 10 } });
  });

  it("the registry cancels any account's serials for any reason, and a reversal names its project", () => {
    const { state, events } = run([
      issue(BATCH, BUFFER_POOL_ACCOUNT_ID, 30),
      cancel({
        accountId: BUFFER_POOL_ACCOUNT_ID,
        cancelledBy: 'registrar',
        asRegistry: true,
        reason: 'reversal',
        quantity: 12,
        reversal: { projectId: 'PRJ-1', reversalId: ids(60) },
      }),
    ]);
    expect(events[0]).toMatchObject({
      type: 'CreditsCancelled',
      data: { accountId: BUFFER_POOL_ACCOUNT_ID, byRegistry: true, reason: 'reversal', reversal: { projectId: 'PRJ-1', reversalId: ids(60) } },
    });
    expect(batchSummary(state, BATCH).cancelled).toBe(12);
    expect(
      refusal([issue(BATCH, BUFFER_POOL_ACCOUNT_ID, 30), cancel({ accountId: BUFFER_POOL_ACCOUNT_ID, asRegistry: true, reason: 'reversal' })]),
    ).toMatchObject({
      code: 'ValidationFailed',
    });
  });

  it("refuses the vault's serials, even to the registry: they back NXCC on XRPL (409)", () => {
    const tokenize: CreditMarketCommand = {
      type: 'TokenizeCredits',
      tokenizationId: ids(8),
      batchId: BATCH,
      accountId: 'alice',
      quantity: 50,
      xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      requestedBy: 'alice',
    };
    expect(refusal([issue(BATCH, 'alice', 100), tokenize, cancel({ accountId: VAULT_ACCOUNT_ID, asRegistry: true, reason: 'correction' })])).toMatchObject({
      code: 'Conflict',
      message: 'Credits in the vault back NXCC on XRPL; redeem them before cancelling',
    });
  });

  it('a snapshot keeps the cancelled serials', () => {
    const { state } = run([issue(BATCH, 'alice', 100), cancel()]);
    const back = decodeMarketState(encodeMarketState(state).bytes).state;
    expect(back.cancelled).toEqual(state.cancelled);
    expect(registryViolations(back)).toEqual([]);
  });
});
