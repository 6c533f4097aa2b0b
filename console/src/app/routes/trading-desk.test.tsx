import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FundsView, Role } from '@carbon-ledger/contracts';
import { aUser } from '../../features/auth/user-fixtures';
import { anOrder, anOrderList } from '../../features/orders/order-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { TradingDeskRoute } from './trading-desk';

/** Answers /api/auth/me with a user of these roles and everything else with `orders`. */
function signedInAs(roles: Role[], orders: FetchHandler): FetchHandler {
  return (request) => (request.url === '/api/auth/me' ? jsonResponse({ user: aUser({ id: 'user-1', roles }) }) : orders(request));
}

const orderRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.url.startsWith('/api/orders'));

describe('TradingDeskRoute', () => {
  it('shows the header, cards, form and order book from one list request', async () => {
    const requests = mockFetch(signedInAs(['trader'], () => jsonResponse(anOrderList([anOrder()], { averagePrice: '12.50' }))));
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });

    expect(screen.getByRole('heading', { name: 'Trading Desk' })).toBeInTheDocument();
    expect(screen.getByText('Manage your carbon credit orders')).toBeInTheDocument();
    expect(screen.getByTestId('create-order-form')).toBeInTheDocument();
    expect(await screen.findByText('5 credits @ $12.50')).toBeInTheDocument();
    expect(screen.getByTestId('summary-average-price').textContent).toBe('$12.50');
    expect(orderRequests(requests)).toHaveLength(1);
  });

  it('refetches the list on Refresh', async () => {
    const requests = mockFetch(signedInAs(['trader'], () => jsonResponse(anOrderList([]))));
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });
    await screen.findByText('No orders yet. Create your first order!');

    fireEvent.click(screen.getByTestId('orders-refresh'));

    await waitFor(() => expect(orderRequests(requests)).toHaveLength(2));
  });

  it('refetches the list after an order is created', async () => {
    const requests = mockFetch(
      signedInAs(['trader'], ({ method }) => (method === 'POST' ? jsonResponse({ ...anOrder(), position: '5:5' }, 201) : jsonResponse(anOrderList([])))),
    );
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });
    await screen.findByText('No orders yet. Create your first order!');

    fireEvent.change(screen.getByTestId('order-amount'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '12.50' } });
    fireEvent.click(screen.getByTestId('order-submit'));

    await screen.findByText('Order Created');
    await waitFor(() => expect(orderRequests(requests).filter((request) => request.method === 'GET')).toHaveLength(2));
  });

  it('shows what a buy reserves with the 0.5% fee (rounded up to the cent) and the available funds', async () => {
    const funds: FundsView = {
      currency: 'USD',
      available: '1234.50',
      reserved: '0.00',
      depositAddress: 'rDepositAddress1111111111111111111',
      destinationTag: 4242,
    };
    mockFetch(signedInAs(['trader'], ({ url }) => jsonResponse(url === '/api/funds' ? funds : anOrderList([]))));
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });
    fireEvent.change(screen.getByTestId('order-amount'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('order-price'), { target: { value: '10.01' } });

    // 10 × 10.01 = 100.10, fee 0.5005 → 0.51.
    expect(screen.getByTestId('order-cost-with-fee')).toHaveTextContent('$100.61');
    // The funds arrive after the first render.
    expect(await screen.findByTestId('order-available-funds')).toHaveTextContent('$1,234.50');
  });

  it("lists a trader's own orders only: no Mine / All switch, and no Cancel on an order that is not theirs", async () => {
    const requests = mockFetch(
      signedInAs(['trader'], () =>
        jsonResponse(
          anOrderList([
            anOrder({ id: '0b7e9a3c-1f2d-4c5b-9a8e-7d6c5b4a3f21' }),
            anOrder({ id: '1c8f0b4d-2a3e-4d6c-8b9f-8e7d6c5b4a32', ownerId: 'someone-else' }),
          ]),
        ),
      ),
    );
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk?orders=all' });

    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    // ?orders=all is ignored for a trader: the list asked for is the trader's own.
    expect(orderRequests(requests).map((request) => request.url)).toEqual(['/api/orders']);
    expect(screen.queryByTestId('orders-scope')).not.toBeInTheDocument();
    const [own, other] = screen.getAllByTestId('order-row');
    expect(within(own!).getByTestId('order-cancel')).toBeInTheDocument();
    expect(within(other!).queryByTestId('order-cancel')).not.toBeInTheDocument();
  });

  it.each([['compliance'], ['auditor'], ['admin']] as const)('lets %s switch between Mine and All', async (role) => {
    const requests = mockFetch(
      signedInAs([role], ({ url }) =>
        jsonResponse(
          url === '/api/orders?scope=all'
            ? anOrderList([anOrder(), anOrder({ id: '1c8f0b4d-2a3e-4d6c-8b9f-8e7d6c5b4a32', ownerId: 'someone-else', price: '20.00' })], { scope: 'all' })
            : anOrderList([]),
        ),
      ),
    );
    renderWithProviders(<TradingDeskRoute />, { path: '/trading-desk' });
    await screen.findByText('No orders yet. Create your first order!');
    expect(screen.getByTestId('summary-total-orders').textContent).toBe('0');

    fireEvent.click(await screen.findByText('All'));

    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(screen.getByTestId('summary-total-orders').textContent).toBe('2');
    expect(orderRequests(requests).map((request) => request.url)).toContain('/api/orders?scope=all');
    // Only an admin may cancel another user's order.
    const other = screen.getAllByTestId('order-row')[1]!;
    expect(other.querySelector('[data-testid="order-cancel"]') !== null).toBe(role === 'admin');
  });
});
