import fc from 'fast-check';
import { BUFFER_POOL_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { BatchSupplyFold, supplyViolations } from './batch-supply.js';
import { batchSummary, registryViolations } from './credit-market.decider.js';
import { runRandomMarket } from './credit-market.property.js';

/**
 * Supply holds per batch, always: over random sequences of every market command (cancellations by
 * holders and the registry, reversals from the buffer pool, and refusals among them), after each
 * command, for every batch, issued = tradable + reserved + in the vault + retired + cancelled, by
 * the decider's state and by a fold of the events alone, and the two agree.
 */
describe('supply per batch (property)', () => {
  it('issued = tradable + reserved + in the vault + retired + cancelled after every command, and cancellations are never counted as retired', () => {
    const totals = { cancelled: 0, reversals: 0 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 100, max: 400 }), (seed, steps) => {
        const fold = new BatchSupplyFold();
        let folded = 0;
        const run = runRandomMarket(seed, steps, (state) => {
          expect(registryViolations(state)).toEqual([]);
          for (const batch of state.batches.values()) {
            const summary = batchSummary(state, batch.batchId);
            expect(summary.tradable + summary.reserved + summary.retired + summary.cancelled).toBe(batch.quantity);
          }
        });
        for (const events of run.events) {
          for (const event of events) {
            fold.apply(event);
            folded += 1;
            if (event.type === 'CreditsCancelled') {
              totals.cancelled += 1;
              if (event.data.reason === 'reversal') {
                totals.reversals += 1;
                expect(event.data.byRegistry).toBe(true);
                expect(event.data.reversal).toBeDefined();
              }
              if (!event.data.byRegistry) expect(event.data.accountId).toBe(event.data.cancelledBy);
            }
          }
        }
        expect(folded).toBe(run.events.flat().length);
        for (const batch of run.state.batches.values()) {
          const supply = fold.batches.get(batch.batchId)!;
          expect(supplyViolations(batch.batchId, supply)).toEqual([]);
          const summary = batchSummary(run.state, batch.batchId);
          expect(supply).toEqual({
            issued: batch.quantity,
            tradable: summary.tradable - summary.inVault,
            reserved: summary.reserved,
            inVault: summary.inVault,
            retired: summary.retired,
            cancelled: summary.cancelled,
          });
        }
        // A cancelled serial is never among the retired ones.
        for (const [batchId, cancelled] of run.state.cancelled) {
          const retired = run.state.retired.get(batchId) ?? [];
          for (const range of cancelled) {
            for (const other of retired) expect(range.end < other.start || range.start > other.end).toBe(true);
          }
        }
        expect(run.state.tradable.get(BUFFER_POOL_ACCOUNT_ID)?.size ?? 0).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 80 },
    );
    // The sequences exercise cancellations and reversals, not only refusals.
    expect(totals.cancelled).toBeGreaterThan(200);
    expect(totals.reversals).toBeGreaterThan(10);
  });

  it('a fold finds a batch whose parts do not add up, and a negative part', () => {
    expect(supplyViolations('B', { issued: 10, tradable: 4, reserved: 1, inVault: 0, retired: 2, cancelled: 2 })).toEqual([
      'B: issued 10 ≠ tradable 4 + reserved 1 + in the vault 0 + retired 2 + cancelled 2',
    ]);
    expect(supplyViolations('B', { issued: 1, tradable: 2, reserved: 0, inVault: 0, retired: 0, cancelled: -1 })).toEqual(['B: cancelled is -1']);
  });
});
