import { describe, expect, it } from 'vitest';
import { feeFractionFromTradingFee, priceImpactPercent, swapOutput } from './amm-quote.js';

describe('AMM quote (XLS-30)', () => {
  it('follows the constant product with the fee taken from the input', () => {
    // 1,000 XRP in a 1,200,000 XRP / 100,000 NXCC pool at 0.5%.
    const out = swapOutput(1_200_000, 100_000, 1_000, 0.005);
    const expected = 100_000 - (1_200_000 * 100_000) / (1_200_000 + 1_000 * 0.995);
    expect(out).toBeCloseTo(expected, 9);
    expect(out).toBeLessThan((1_000 * 100_000) / 1_200_000);
  });

  it('gives nothing for empty pools or non-positive input', () => {
    expect(swapOutput(0, 100, 1, 0)).toBe(0);
    expect(swapOutput(100, 100, 0, 0)).toBe(0);
    expect(swapOutput(100, 100, -1, 0)).toBe(0);
  });

  it('converts rippled trading fee units and reports the price impact', () => {
    expect(feeFractionFromTradingFee(500)).toBe(0.005);
    expect(priceImpactPercent(1_000_000, 1_000_000, 1, 0)).toBeCloseTo(0.0001, 6);
    expect(priceImpactPercent(100, 100, 100, 0)).toBeCloseTo(50, 6);
  });
});
