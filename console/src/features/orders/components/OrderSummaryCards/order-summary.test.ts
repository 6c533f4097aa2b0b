import { describe, expect, it } from 'vitest';
import { anOrder } from '../../order-fixtures';
import { summarizeOrders } from './order-summary';

describe('summarizeOrders', () => {
  it('shows zeros and $0.00 before any orders exist', () => {
    expect(summarizeOrders(undefined)).toEqual({ totalOrders: 0, pendingOrders: 0, averagePrice: '$0.00' });
  });

  it('uses the server totals when present', () => {
    const summary = summarizeOrders({
      orders: [anOrder()],
      totalOrders: 42,
      pendingOrders: 7,
      averagePrice: '1234.5',
    });
    expect(summary).toEqual({ totalOrders: 42, pendingOrders: 7, averagePrice: '$1,234.50' });
  });

  it('computes from the list when the server sends no totals', () => {
    const summary = summarizeOrders({
      orders: [anOrder({ price: '10.00' }), anOrder({ price: '20.01', status: 'completed' }), anOrder({ price: '30.00', status: 'cancelled' })],
    });
    // (10.00 + 20.01 + 30.00) / 3 = 20.0033...
    expect(summary).toEqual({ totalOrders: 3, pendingOrders: 1, averagePrice: '$20.00' });
  });

  it('rounds the computed average half up to the cent', () => {
    const summary = summarizeOrders({ orders: [anOrder({ price: '0.01' }), anOrder({ price: '0.02' })] });
    expect(summary.averagePrice).toBe('$0.02');
  });
});
