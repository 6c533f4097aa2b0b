import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { anOrder, anOrderList } from '../../order-fixtures';
import { OrderBook } from './OrderBook';

const pendingBuy = anOrder({ id: '11111111-1111-4111-8111-111111111111', type: 'buy', amount: 5, price: '12.50' });
const completedSell = anOrder({
  id: '22222222-2222-4222-8222-222222222222',
  type: 'sell',
  amount: 100,
  price: '12.50',
  status: 'completed',
  projectType: 'Forestry',
  vintage: 2023,
});
const cancelledBuy = anOrder({ id: '33333333-3333-4333-8333-333333333333', status: 'cancelled' });

function rows(): HTMLElement[] {
  return screen.getAllByTestId('order-row');
}

function rowOf(orderId: string): HTMLElement {
  const row = rows().find((element) => element.dataset.orderId === orderId);
  if (!row) throw new Error(`no row for ${orderId}`);
  return row;
}

describe('OrderBook', () => {
  it('shows a spinner during the first load', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<OrderBook />);

    expect(screen.getByTestId('order-book-loading')).toBeInTheDocument();
  });

  it('appends older orders below the first page on Load more, and offers no more after the last', async () => {
    const requests = mockFetch(({ url }) =>
      url === '/api/orders?cursor=page-2'
        ? jsonResponse(anOrderList([cancelledBuy], { totalOrders: 3 }))
        : jsonResponse(anOrderList([pendingBuy, completedSell], { totalOrders: 3, nextCursor: 'page-2' })),
    );
    renderWithProviders(<OrderBook />);

    expect(await screen.findAllByTestId('order-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]?.dataset.orderId).toBe(cancelledBuy.id);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/orders?cursor=page-2');
  });

  it("pages the whole book of scope 'all' with its scope kept in each page's path", async () => {
    const requests = mockFetch(({ url }) =>
      url === '/api/orders?scope=all&cursor=page-2'
        ? jsonResponse(anOrderList([cancelledBuy], { scope: 'all' }))
        : jsonResponse(anOrderList([pendingBuy], { scope: 'all', nextCursor: 'page-2' })),
    );
    renderWithProviders(<OrderBook scope="all" />);

    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(requests.map((request) => request.url)).toContain('/api/orders?scope=all&cursor=page-2');
  });

  it('shows the empty state when there are no orders', async () => {
    mockFetch(() => jsonResponse(anOrderList([])));
    renderWithProviders(<OrderBook />);

    expect(await screen.findByText('No orders yet. Create your first order!')).toBeInTheDocument();
  });

  it('renders each order with badges, quantity text and total', async () => {
    mockFetch(() => jsonResponse(anOrderList([pendingBuy, completedSell, cancelledBuy])));
    renderWithProviders(<OrderBook />);

    await screen.findAllByTestId('order-row');
    expect(rows()).toHaveLength(3);

    const buyRow = rowOf(pendingBuy.id);
    expect(within(buyRow).getByTestId('order-side-badge').textContent).toBe('BUY');
    expect(within(buyRow).getByTestId('order-status-badge').textContent).toBe('pending');
    expect(within(buyRow).getByText('5 credits @ $12.50')).toBeInTheDocument();
    expect(within(buyRow).getByTestId('order-total').textContent).toBe('$62.50');
    expect(within(buyRow).getByTestId('order-project').textContent).toBe('Solar Energy · 2024');

    const sellRow = rowOf(completedSell.id);
    expect(within(sellRow).getByTestId('order-side-badge').textContent).toBe('SELL');
    expect(within(sellRow).getByTestId('order-total').textContent).toBe('$1,250.00');
  });

  it('colours status badges yellow, green and red', async () => {
    mockFetch(() => jsonResponse(anOrderList([pendingBuy, completedSell, cancelledBuy])));
    renderWithProviders(<OrderBook />);
    await screen.findAllByTestId('order-row');

    const badgeStyle = (orderId: string) => within(rowOf(orderId)).getByTestId('order-status-badge').getAttribute('style') ?? '';
    expect(badgeStyle(pendingBuy.id)).toContain('--mantine-color-yellow');
    expect(badgeStyle(completedSell.id)).toContain('--mantine-color-green');
    expect(badgeStyle(cancelledBuy.id)).toContain('--mantine-color-red');
  });

  it('offers Cancel on pending orders only', async () => {
    mockFetch(() => jsonResponse(anOrderList([pendingBuy, completedSell, cancelledBuy])));
    renderWithProviders(<OrderBook />);
    await screen.findAllByTestId('order-row');

    expect(within(rowOf(pendingBuy.id)).queryByText('Cancel')).toBeInTheDocument();
    expect(within(rowOf(completedSell.id)).queryByText('Cancel')).not.toBeInTheDocument();
    expect(within(rowOf(cancelledBuy.id)).queryByText('Cancel')).not.toBeInTheDocument();
  });

  it('cancels a pending order through the API and confirms it', async () => {
    const requests = mockFetch(({ method }) =>
      method === 'POST' ? jsonResponse({ ...pendingBuy, status: 'cancelled', position: '12:12' }) : jsonResponse(anOrderList([pendingBuy])),
    );
    renderWithProviders(<OrderBook />);
    await screen.findAllByTestId('order-row');

    fireEvent.click(within(rowOf(pendingBuy.id)).getByText('Cancel'));

    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(screen.getByText('BUY order for 5 credits cancelled')).toBeInTheDocument();
    const cancelRequest = requests.find((request) => request.method === 'POST');
    expect(cancelRequest?.url).toBe(`/api/orders/${pendingBuy.id}/cancel`);
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
  });

  it("keeps the fixed row text '1 credits @ $price' and pluralises the cancel toast: '1 credit'", async () => {
    const single = anOrder({ ...pendingBuy, amount: 1 });
    mockFetch(({ method }) => (method === 'POST' ? jsonResponse({ ...single, status: 'cancelled', position: '12:12' }) : jsonResponse(anOrderList([single]))));
    renderWithProviders(<OrderBook />);

    expect(await screen.findByText('1 credits @ $12.50')).toBeInTheDocument();
    fireEvent.click(within(rowOf(single.id)).getByText('Cancel'));
    expect(await screen.findByText('BUY order for 1 credit cancelled')).toBeInTheDocument();
  });

  it("shows the server's message when cancelling fails", async () => {
    mockFetch(({ method }) =>
      method === 'POST' ? jsonResponse({ error: 'Conflict', message: 'Order is already completed' }, 409) : jsonResponse(anOrderList([pendingBuy])),
    );
    renderWithProviders(<OrderBook />);
    await screen.findAllByTestId('order-row');

    fireEvent.click(within(rowOf(pendingBuy.id)).getByText('Cancel'));

    expect(await screen.findByText('Cancel Failed')).toBeInTheDocument();
    expect(screen.getByText('Order is already completed')).toBeInTheDocument();
  });

  it('shows the error in the list area when loading fails', async () => {
    mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    renderWithProviders(<OrderBook />);

    const error = await screen.findByTestId('order-book-error');
    expect(error).toHaveTextContent('503: Service Unavailable');
    expect(screen.queryByTestId('order-book-loading')).not.toBeInTheDocument();
  });

  it("prefers the server's message for a failed load", async () => {
    mockFetch(() => jsonResponse({ error: 'Unauthorized', message: 'Sign in to see your orders' }, 401));
    renderWithProviders(<OrderBook />);

    const error = await screen.findByTestId('order-book-error');
    expect(error).toHaveTextContent('Sign in to see your orders');
  });

  it('shows the labels of an open sell order and filters the book by label', async () => {
    const labelledSell = anOrder({
      id: '44444444-4444-4444-8444-444444444444',
      type: 'sell',
      projectType: 'Reforestation',
      labels: ['CCP-approved', 'CORSIA eligible'],
    });
    const ccpSell = anOrder({ id: '55555555-5555-4555-8555-555555555555', type: 'sell', projectType: 'Reforestation', labels: ['CCP-approved'] });
    mockFetch(() => jsonResponse(anOrderList([pendingBuy, labelledSell, ccpSell])));
    renderWithProviders(<OrderBook />);

    await screen.findAllByTestId('order-row');
    expect(
      within(rowOf(labelledSell.id))
        .getAllByTestId('credit-label')
        .map((label) => label.textContent),
    ).toEqual(['CCP-approved', 'CORSIA eligible']);
    expect(within(rowOf(pendingBuy.id)).queryByTestId('credit-labels')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: 'CORSIA eligible' }));
    expect(rows().map((row) => row.dataset.orderId)).toEqual([labelledSell.id]);
    fireEvent.click(screen.getByRole('radio', { name: 'CCP-approved' }));
    expect(rows().map((row) => row.dataset.orderId)).toEqual([labelledSell.id, ccpSell.id]);
    fireEvent.click(screen.getByRole('radio', { name: 'All orders' }));
    expect(rows()).toHaveLength(3);
  });
});
