import { describe, expect, it } from 'vitest';
import { screenedTransactionFrom } from './screened-transaction.js';

describe('screened transactions', () => {
  it('maps OrderPlaced to an order worth quantity times price, cent-exact', () => {
    const placed = {
      type: 'OrderPlaced',
      data: {
        orderId: 'o-1',
        ownerId: 'u-1',
        side: 'buy',
        amount: 3,
        price: '0.10',
        projectType: 'Forestry',
        vintage: 2025,
        placedAt: '2026-11-23T10:00:00.000Z',
      },
    };
    expect(screenedTransactionFrom(placed)).toEqual({
      transactionType: 'order',
      transactionId: 'o-1',
      userId: 'u-1',
      amount: 0.3,
      occurredAt: '2026-11-23T10:00:00.000Z',
    });
    expect(screenedTransactionFrom({ ...placed, data: { ...placed.data, amount: 1000, price: '12.5' } })?.amount).toBe(12_500);
  });

  it('maps CreditsRetired to a retirement by the user who retired, to be valued at its market price', () => {
    const retired = {
      type: 'CreditsRetired',
      data: {
        retirementId: 'r-1',
        batchId: 'SOL-2026-0A1B2C3D',
        accountId: 'u-2',
        quantity: 40,
        ranges: [{ from: 1, to: 40 }],
        beneficiary: 'Acme',
        purpose: '',
        standard: 'Gold Standard',
        offsetType: 'compensation',
        retiredBy: 'u-2',
        retiredAt: '2026-11-23T10:00:00.000Z',
      },
    };
    expect(screenedTransactionFrom(retired)).toEqual({
      transactionType: 'retirement',
      transactionId: 'r-1',
      userId: 'u-2',
      amount: 0,
      occurredAt: '2026-11-23T10:00:00.000Z',
      valuation: { batchId: 'SOL-2026-0A1B2C3D', quantity: 40 },
    });
  });

  it('ignores events that move no value', () => {
    expect(screenedTransactionFrom({ type: 'OrderCancelled', data: { orderId: 'o-1' } })).toBeUndefined();
    expect(screenedTransactionFrom({ type: 'KycVerified', data: {} })).toBeUndefined();
  });
});
