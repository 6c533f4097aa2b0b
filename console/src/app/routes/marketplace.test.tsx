import type { MarketplaceResponse, OrderBookDepthResponse } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../features/auth/user-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { MarketplaceRoute } from './marketplace';

const emptyMarket: MarketplaceResponse = { averagePrice: null, volume24h: 0, activeListings: 0, asks: [], bids: [], recentTrades: [] };

const busyMarket: MarketplaceResponse = {
  averagePrice: '41.75',
  volume24h: 12453,
  activeListings: 3,
  asks: [
    { type: 'ask', price: '43.00', amount: 20, creditType: 'solar' },
    { type: 'ask', price: '44.50', amount: 5, creditType: 'solar' },
  ],
  bids: [{ type: 'bid', price: '41.00', amount: 12, creditType: 'solar' }],
  recentTrades: [{ time: '2026-11-22T10:15:00.000Z', price: '42.00', amount: 7, type: 'SELL' }],
};

/** The depth the read model would give for these levels. */
function depthOf(book: MarketplaceResponse): OrderBookDepthResponse {
  const cumulate = (levels: MarketplaceResponse['asks']) =>
    levels.map((level, index) => ({
      price: level.price,
      quantity: level.amount,
      cumulative: levels.slice(0, index + 1).reduce((sum, each) => sum + each.amount, 0),
    }));
  return { bids: cumulate(book.bids), asks: cumulate(book.asks) };
}

function serve(market: (url: string) => MarketplaceResponse) {
  return mockFetch(({ url }) => {
    if (url === '/api/auth/me') return jsonResponse({ user: aUser() });
    if (url.startsWith('/api/marketplace/depth')) return jsonResponse(depthOf(market(url)));
    if (url.startsWith('/api/marketplace')) return jsonResponse(market(url));
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

/** The Marketplace opens on this year's vintage, the one batches issued now carry. */
const thisYear = new Date().getUTCFullYear();

describe('MarketplaceRoute', () => {
  it('shows honest empty figures and empty book and trades for a market without orders', async () => {
    serve(() => emptyMarket);
    renderWithProviders(<MarketplaceRoute />, { path: '/trade' });

    expect(screen.getByRole('heading', { level: 1, name: 'Carbon Credit Marketplace' })).toBeInTheDocument();
    expect(screen.getByText('Trading')).toBeInTheDocument();
    expect(await screen.findByText('No open sell orders')).toBeInTheDocument();
    expect(screen.getByText('No open buy orders')).toBeInTheDocument();
    expect(screen.getByText('No trades yet in this market')).toBeInTheDocument();
    expect(await screen.findByTestId('order-book-depth-empty')).toBeInTheDocument();
    expect(screen.getByTestId('stat-average-price').textContent).toBe('—');
    expect(screen.getByTestId('stat-volume').textContent).toBe('0');
    expect(screen.getByTestId('stat-active-listings').textContent).toBe('0');
    expect(screen.getAllByText(/from the order book/)).toHaveLength(3);
  });

  it('shows the stats, the asks and bids and the recent trades of the market', async () => {
    const requests = serve(() => busyMarket);
    renderWithProviders(<MarketplaceRoute />, { path: '/trade' });

    await waitFor(() => expect(screen.getByTestId('stat-average-price').textContent).toBe('$41.75'));
    expect(screen.getByTestId('stat-volume').textContent).toBe('12,453');
    expect(screen.getByTestId('stat-active-listings').textContent).toBe('3');
    expect(screen.getAllByTestId('order-book-asks-row').map((row) => row.textContent)).toEqual(['$43.0020ask', '$44.505ask']);
    expect(screen.getAllByTestId('order-book-bids-row')).toHaveLength(1);
    expect(await screen.findByTestId('order-book-depth-chart')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain(`/api/marketplace/depth?creditType=solar&vintage=${thisYear}`);
    const [trade] = screen.getAllByTestId('recent-trade-row');
    expect(within(trade!).getByText('SELL')).toBeInTheDocument();
    expect(within(trade!).getByText('$42.00')).toBeInTheDocument();
    expect(requests.find((request) => request.url.startsWith('/api/marketplace'))?.url).toBe(`/api/marketplace?creditType=solar&vintage=${thisYear}`);
    await waitFor(() => expect((screen.getByTestId('marketplace-account-id') as HTMLInputElement).value).toBe(aUser().id));
  });

  it('loads the market chosen in the form', async () => {
    const requests = serve((url) => (url.includes('creditType=wind') ? busyMarket : emptyMarket));
    renderWithProviders(<MarketplaceRoute />, { path: '/trade' });
    await screen.findByText('No open sell orders');

    fireEvent.click(screen.getByTestId('marketplace-credit-type'));
    fireEvent.click(screen.getByRole('option', { name: 'Wind Credits' }));

    expect(await screen.findAllByTestId('order-book-asks-row')).toHaveLength(2);
    expect(requests.map((request) => request.url)).toContain(`/api/marketplace?creditType=wind&vintage=${thisYear}`);
    expect(screen.getByTestId('marketplace-market').textContent).toBe(`Wind Credits, vintage ${thisYear}`);
  });

  it('filters the listings by label: the order book asks for the asks whose serials all carry it', async () => {
    const corsiaMarket: MarketplaceResponse = { ...busyMarket, asks: [busyMarket.asks[1]!] };
    const requests = serve((url) => (url.includes('label=CORSIA+eligible') ? corsiaMarket : busyMarket));
    renderWithProviders(<MarketplaceRoute />, { path: '/trade' });
    expect(await screen.findAllByTestId('order-book-asks-row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('radio', { name: 'CORSIA eligible' }));

    await waitFor(() => expect(screen.getAllByTestId('order-book-asks-row').map((row) => row.textContent)).toEqual(['$44.505ask']));
    expect(requests.map((request) => request.url)).toContain(`/api/marketplace?creditType=solar&vintage=${thisYear}&label=CORSIA+eligible`);
    fireEvent.click(screen.getByRole('radio', { name: 'All listings' }));
    expect(await screen.findAllByTestId('order-book-asks-row')).toHaveLength(2);
  });
});
