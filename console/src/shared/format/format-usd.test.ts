import { describe, expect, it } from 'vitest';
import { formatUsdCents, priceToCents } from './format-usd';

describe('formatUsdCents', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(formatUsdCents(125000n)).toBe('$1,250.00');
    expect(formatUsdCents(6250n)).toBe('$62.50');
    expect(formatUsdCents(5n)).toBe('$0.05');
    expect(formatUsdCents(0n)).toBe('$0.00');
  });
});

describe('priceToCents', () => {
  it('reads decimal strings exactly', () => {
    expect(priceToCents('12.50')).toBe(1250n);
    expect(priceToCents('12.5')).toBe(1250n);
    expect(priceToCents('7')).toBe(700n);
    expect(priceToCents('0.07')).toBe(7n);
  });

  it('treats text that is not a number as zero', () => {
    expect(priceToCents('abc')).toBe(0n);
  });
});
