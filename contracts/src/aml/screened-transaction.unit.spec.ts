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

  it('maps a deposit and a withdrawal to cash transactions of their user, in dollars', () => {
    const deposited = {
      type: 'FundsDeposited',
      data: {
        depositId: 'd-1',
        userId: 'u-3',
        amountCents: 1_000_000_00,
        txHash: 'A'.repeat(64),
        depositedAt: '2026-11-28T10:00:00.000Z',
      },
    };
    expect(screenedTransactionFrom(deposited)).toEqual({
      transactionType: 'deposit',
      transactionId: 'd-1',
      userId: 'u-3',
      amount: 1_000_000,
      occurredAt: '2026-11-28T10:00:00.000Z',
    });
    const requested = {
      type: 'WithdrawalRequested',
      data: { withdrawalId: 'w-1', userId: 'u-3', amountCents: 12_345, destination: 'rDestination', requestedAt: '2026-11-28T11:00:00.000Z' },
    };
    expect(screenedTransactionFrom(requested)).toEqual({
      transactionType: 'withdrawal',
      transactionId: 'w-1',
      userId: 'u-3',
      amount: 123.45,
      occurredAt: '2026-11-28T11:00:00.000Z',
    });
    // What screening cannot read is not screened (the event's own schema refused it when it was recorded).
    expect(screenedTransactionFrom({ ...deposited, data: { ...deposited.data, amountCents: -5 } })).toBeUndefined();
  });

  it('ignores events that move no value', () => {
    expect(screenedTransactionFrom({ type: 'OrderCancelled', data: { orderId: 'o-1' } })).toBeUndefined();
    expect(screenedTransactionFrom({ type: 'KycVerified', data: {} })).toBeUndefined();
    expect(screenedTransactionFrom({ type: 'FundsReserved', data: { reservationId: 'r-1', userId: 'u-1', amountCents: 100 } })).toBeUndefined();
  });
});
