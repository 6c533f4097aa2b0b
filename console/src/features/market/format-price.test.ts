import { describe, expect, it } from 'vitest';
import { currencySymbol, formatPrice, formatPriceChange, isNegativeChange } from './format-price';

describe('currencySymbol', () => {
  it.each([
    ['EUR', '€'],
    ['USD', '$'],
    ['GBP', '£'],
    ['CNY', '¥'],
    ['KRW', '₩'],
    ['NZD', 'NZ$'],
    ['CAD', 'C$'],
    ['CHF', 'CHF'],
  ])('%s shows %s', (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
});

describe('formatPrice', () => {
  it('shows two decimals for most currencies', () => {
    expect(formatPrice(75.94, 'EUR')).toBe('€75.94');
    expect(formatPrice(36.5, 'GBP')).toBe('£36.50');
    expect(formatPrice(24, 'USD')).toBe('$24.00');
    expect(formatPrice(71.25, 'NZD')).toBe('NZ$71.25');
    expect(formatPrice(36.52, 'CAD')).toBe('C$36.52');
  });

  it('rounds KRW and CNY to whole numbers with thousands separators', () => {
    expect(formatPrice(27500, 'KRW')).toBe('₩27,500');
    expect(formatPrice(27499.6, 'KRW')).toBe('₩27,500');
    expect(formatPrice(98, 'CNY')).toBe('¥98');
    expect(formatPrice(1234.4, 'CNY')).toBe('¥1,234');
  });

  it('shows the code for currencies without a symbol', () => {
    expect(formatPrice(12, 'CHF')).toBe('CHF 12.00');
  });

  it('keeps thousands separators on two-decimal prices', () => {
    expect(formatPrice(1234.5, 'USD')).toBe('$1,234.50');
  });
});

describe('formatPriceChange', () => {
  it('signs the change and follows the same rounding rules', () => {
    expect(formatPriceChange(1.12, 'EUR')).toBe('+€1.12');
    expect(formatPriceChange(-0.48, 'GBP')).toBe('-£0.48');
    expect(formatPriceChange(-350, 'KRW')).toBe('-₩350');
    expect(formatPriceChange(1.5, 'CNY')).toBe('+¥2');
    expect(formatPriceChange(0, 'USD')).toBe('+$0.00');
  });
});

describe('isNegativeChange', () => {
  it('reads the sign of a percent string', () => {
    expect(isNegativeChange('-1.3%')).toBe(true);
    expect(isNegativeChange('+9.3%')).toBe(false);
  });
});
