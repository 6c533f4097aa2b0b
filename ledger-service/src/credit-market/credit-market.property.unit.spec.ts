import { describe, expect, it } from 'vitest';
import { VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { batchSummary, registryViolations, vaultHolding } from './credit-market.decider.js';
import { runRandomMarket } from './credit-market.property.js';

describe('credit market invariant (property)', () => {
  it('for 40 random sequences of 400 issue/order/cancel/transfer/offer/retire/cancel-credits/tokenize/redeem commands, tradable + escrowed + retired + cancelled = issued, no serial is in two places after every command, and the vault holds what went in less what came out', () => {
    let refused = 0;
    let trades = 0;
    let vaultMoves = 0;
    let offers = 0;
    for (let seed = 1; seed <= 40; seed += 1) {
      const run = runRandomMarket(seed, 400, (state, step) => {
        const violations = registryViolations(state);
        if (violations.length > 0) throw new Error(`seed ${seed}, step ${step}: ${violations.join('; ')}`);
      });
      refused += run.refused;
      const events = run.events.flat();
      trades += events.filter((event) => event.type === 'TradeExecuted').length;
      offers += events.filter((event) => event.type === 'DirectTradeOffered').length;
      let intoVault = 0;
      for (const event of events) {
        if (event.type === 'CreditsTokenized') intoVault += event.data.quantity;
        if (event.type === 'CreditsRedeemed') intoVault -= event.data.quantity;
        if (event.type === 'CreditsRetired' && event.data.accountId === VAULT_ACCOUNT_ID) intoVault -= event.data.quantity;
        if (event.type === 'CreditsTokenized' || event.type === 'CreditsRedeemed') vaultMoves += 1;
      }
      expect(vaultHolding(run.state)).toBe(intoVault);
      expect(intoVault).toBeGreaterThanOrEqual(0);
      for (const batch of run.state.batches.values()) {
        const summary = batchSummary(run.state, batch.batchId);
        expect(summary.tradable + summary.reserved + summary.retired + summary.cancelled).toBe(batch.quantity);
      }
    }
    // The sequences exercise both sides: many refusals and many trades.
    expect(refused).toBeGreaterThan(500);
    expect(trades).toBeGreaterThan(1000);
    expect(vaultMoves).toBeGreaterThan(200);
    // Direct trade offers escrow serials too (registryViolations counts them).
    expect(offers).toBeGreaterThan(100);
  });
});
