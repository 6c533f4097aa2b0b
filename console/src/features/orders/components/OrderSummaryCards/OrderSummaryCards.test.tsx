import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { anOrder, anOrderList } from '../../order-fixtures';
import { OrderSummaryCards } from './OrderSummaryCards';

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('OrderSummaryCards', () => {
  it('labels the three cards', () => {
    mockFetch(() => jsonResponse(anOrderList([])));
    renderWithProviders(<OrderSummaryCards />);

    expect(screen.getByText('Total Orders')).toBeInTheDocument();
    expect(screen.getByText('Pending Orders')).toBeInTheDocument();
    expect(screen.getByText('Avg. Price')).toBeInTheDocument();
  });

  it("uses the server's totals", async () => {
    mockFetch(() => jsonResponse(anOrderList([anOrder()], { totalOrders: 12, pendingOrders: 4, averagePrice: '18.25' })));
    renderWithProviders(<OrderSummaryCards />);

    await waitFor(() => expect(text('summary-total-orders')).toBe('12'));
    expect(text('summary-pending-orders')).toBe('4');
    expect(text('summary-average-price')).toBe('$18.25');
  });

  it('shows $0.00 with no orders', async () => {
    const requests = mockFetch(() => jsonResponse(anOrderList([])));
    renderWithProviders(<OrderSummaryCards />);

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(text('summary-total-orders')).toBe('0');
    expect(text('summary-pending-orders')).toBe('0');
    expect(text('summary-average-price')).toBe('$0.00');
  });
});
