import { describe, expect, it } from 'vitest';
import { formatPercentChange, formatUsdCompact, formatUsdPrice, groupAmount, groupDecimal } from './xrpl-format';

describe('groupDecimal', () => {
  it('groups the whole part and keeps every fraction digit', () => {
    expect(groupDecimal('1200000.00')).toBe('1,200,000.00');
    expect(groupDecimal('100000')).toBe('100,000');
    expect(groupDecimal('999.123456')).toBe('999.123456');
    expect(groupDecimal('-1234.5')).toBe('-1,234.5');
  });

  it('leaves text that is not a plain decimal alone', () => {
    expect(groupDecimal('n/a')).toBe('n/a');
    expect(groupDecimal('1e21')).toBe('1e21');
  });
});

describe('groupAmount', () => {
  it('groups the number in front of a currency', () => {
    expect(groupAmount('1200000.00 XRP')).toBe('1,200,000.00 XRP');
    expect(groupAmount('100000 NXCC')).toBe('100,000 NXCC');
  });
});

describe('market figures', () => {
  it('formats price, compact amounts and signed change', () => {
    expect(formatUsdPrice(0.5234)).toBe('$0.5234');
    expect(formatUsdPrice(2)).toBe('$2.00');
    expect(formatUsdCompact(30_120_000_000)).toBe('$30.12B');
    expect(formatPercentChange(1.5)).toBe('+1.50%');
    expect(formatPercentChange(-1.25)).toBe('-1.25%');
  });
});
