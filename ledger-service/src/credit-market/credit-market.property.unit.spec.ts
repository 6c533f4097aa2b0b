import { describe, expect, it } from 'vitest';
import { batchSummary, registryViolations } from './credit-market.decider.js';
import { runRandomMarket } from './credit-market.property.js';

describe('credit market invariant (property)', () => {
  it('for 40 random sequences of 400 issue/order/cancel/transfer/retire commands, tradable + escrowed + retired = issued and no serial is in two places after every command', () => {
    let refused = 0;
    let trades = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const run = runRandomMarket(seed, 400, (state, step) => {
        const violations = registryViolations(state);
        if (violations.length > 0) throw new Error(`seed ${seed}, step ${step}: ${violations.join('; ')}`);
      });
      refused += run.refused;
      trades += run.events.flat().filter((event) => event.type === 'TradeExecuted').length;
      for (const batch of run.state.batches.values()) {
        const summary = batchSummary(run.state, batch.batchId);
        expect(summary.tradable + summary.reserved + summary.retired).toBe(batch.quantity);
      }
    }
    // The sequences exercise both sides: many refusals and many trades.
    expect(refused).toBeGreaterThan(500);
    expect(trades).toBeGreaterThan(1000);
  });
});
