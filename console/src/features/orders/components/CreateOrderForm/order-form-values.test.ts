import { describe, expect, it } from 'vitest';
import { defaultOrderFormValues, parseAmount, parsePrice, parseVintage, toPlaceOrderRequest } from './order-form-values';

describe('order form parsing', () => {
  it('parses the amount to whole credits and invalid text to 0', () => {
    expect(parseAmount(12)).toBe(12);
    expect(parseAmount('12.9')).toBe(12);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('abc')).toBe(0);
  });

  it('parses the price to at most 2 decimals and invalid text to 0', () => {
    expect(parsePrice(12.5)).toBe(12.5);
    expect(parsePrice('0.015')).toBe(0.02);
    expect(parsePrice('12.')).toBe(12);
    expect(parsePrice('')).toBe(0);
  });

  it('falls back to the current year for an unparsable vintage, without enforcing the hint range', () => {
    expect(parseVintage('', 2026)).toBe(2026);
    expect(parseVintage('x', 2026)).toBe(2026);
    expect(parseVintage(2019, 2026)).toBe(2019);
    expect(parseVintage(2035, 2026)).toBe(2035);
  });
});

describe('toPlaceOrderRequest', () => {
  it('rejects the defaults because amount and price are 0', () => {
    expect(toPlaceOrderRequest(defaultOrderFormValues(2026), 2026)).toEqual({ valid: false });
  });

  it('rejects a positive amount with a zero price', () => {
    const values = { ...defaultOrderFormValues(2026), amount: 5 };
    expect(toPlaceOrderRequest(values, 2026)).toEqual({ valid: false });
  });

  it('builds the request with the price as a string', () => {
    const values = { ...defaultOrderFormValues(2026), type: 'sell' as const, amount: 5, price: 12.5 };
    expect(toPlaceOrderRequest(values, 2026)).toEqual({
      valid: true,
      request: { type: 'sell', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026 },
    });
  });

  it('sends the labels of a buy for labelled credits, and none for a sell', () => {
    const buy = { ...defaultOrderFormValues(2026), amount: 5, price: 12.5, labels: ['CCP-approved' as const] };
    expect(toPlaceOrderRequest(buy, 2026)).toEqual({
      valid: true,
      request: { type: 'buy', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026, labels: ['CCP-approved'] },
    });
    expect(toPlaceOrderRequest({ ...buy, type: 'sell' }, 2026)).toEqual({
      valid: true,
      request: { type: 'sell', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026 },
    });
  });
});
