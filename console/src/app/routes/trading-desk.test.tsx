import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrder, anOrderList } from '../../features/orders/order-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { TradingDeskRoute } from './trading-desk';

describe('TradingDeskRoute', () => {
  it('shows the header, cards, form and order book from one list request', async () => {
    const requests = mockFetch(() => jsonResponse(anOrderList([anOrder()], { averagePrice: '12.50' })));
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });

    expect(screen.getByRole('heading', { name: 'Trading Desk' })).toBeTruthy();
    expect(screen.getByText('Manage your carbon credit orders')).toBeTruthy();
    expect(screen.getByTestId('create-order-form')).toBeTruthy();
    expect(await screen.findByText('5 credits @ $12.50')).toBeTruthy();
    expect(screen.getByTestId('summary-average-price').textContent).toBe('$12.50');
    expect(requests).toHaveLength(1);
  });

  it('refetches the list on Refresh', async () => {
    const requests = mockFetch(() => jsonResponse(anOrderList([])));
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });
    await screen.findByText('No orders yet. Create your first order!');

    fireEvent.click(screen.getByTestId('orders-refresh'));

    await waitFor(() => expect(requests).toHaveLength(2));
  });

  it('refetches the list after an order is created', async () => {
    const requests = mockFetch(({ method }) =>
      method === 'POST'
        ? jsonResponse({ ...anOrder(), position: '5:5' }, 201)
        : jsonResponse(anOrderList([])),
    );
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });
    await screen.findByText('No orders yet. Create your first order!');

    fireEvent.change(screen.getByTestId('order-amount'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByTestId('order-submit'));

    await screen.findByText('Order Created');
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
  });
});
