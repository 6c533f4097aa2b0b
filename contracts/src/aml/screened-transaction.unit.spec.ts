import { describe, expect, it } from 'vitest';
import { screenedTransactionFrom } from './screened-transaction.js';

describe('screened transactions', () => {
  it('maps OrderPlaced to an order worth quantity times price, cent-exact', () => {
    const placed = {
      type: 'OrderPlaced',
      data: { orderId: 'o-1', ownerId: 'u-1', side: 'buy', amount: 3, price: '0.10', projectType: 'Forestry', vintage: 2025, placedAt: '2026-11-23T10:00:00.000Z' },
    };
    expect(screenedTransactionFrom(placed)).toEqual({ transactionType: 'order', transactionId: 'o-1', userId: 'u-1', amount: 0.3, occurredAt: '2026-11-23T10:00:00.000Z' });
    expect(screenedTransactionFrom({ ...placed, data: { ...placed.data, amount: 1000, price: '12.5' } })?.amount).toBe(12_500);
  });

  it('ignores events that move no value', () => {
    expect(screenedTransactionFrom({ type: 'OrderCancelled', data: { orderId: 'o-1' } })).toBeUndefined();
    expect(screenedTransactionFrom({ type: 'KycVerified', data: {} })).toBeUndefined();
  });
});
