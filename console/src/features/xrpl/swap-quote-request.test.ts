import { describe, expect, it } from 'vitest';
import { toSwapQuoteRequest } from './swap-quote-request';

describe('toSwapQuoteRequest', () => {
  it('accepts a positive amount between two different assets', () => {
    expect(toSwapQuoteRequest({ amount: 100, from: 'XRP', to: 'NXCC' })).toEqual({
      valid: true,
      request: { from: 'XRP', to: 'NXCC', amount: 100 },
    });
    expect(toSwapQuoteRequest({ amount: '0.000001', from: 'NXCC', to: 'XRP' })).toEqual({
      valid: true,
      request: { from: 'NXCC', to: 'XRP', amount: 0.000001 },
    });
  });

  it.each([0, -1, '', '  ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])('refuses the amount %s', (amount) => {
    expect(toSwapQuoteRequest({ amount, from: 'XRP', to: 'NXCC' })).toEqual({ valid: false, problem: 'invalid-amount' });
  });

  it('refuses the same asset on both sides, after the amount check', () => {
    expect(toSwapQuoteRequest({ amount: 5, from: 'XRP', to: 'XRP' })).toEqual({ valid: false, problem: 'same-assets' });
    expect(toSwapQuoteRequest({ amount: 0, from: 'XRP', to: 'XRP' })).toEqual({ valid: false, problem: 'invalid-amount' });
  });
});
