import type { OrderBookDepthResponse } from '@carbon-ledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { depthPoints, OrderBookDepthChart } from './OrderBookDepthChart';

const depth: OrderBookDepthResponse = {
  bids: [
    { price: '41.00', quantity: 12, cumulative: 12 },
    { price: '40.50', quantity: 8, cumulative: 20 },
  ],
  asks: [
    { price: '43.00', quantity: 20, cumulative: 20 },
    { price: '44.50', quantity: 5, cumulative: 25 },
  ],
};
const market = { creditType: 'solar', vintage: 2026 };

describe('OrderBookDepthChart', () => {
  it('lays the cumulated levels out by price, lowest first, bids left of the spread and asks right', () => {
    expect(depthPoints(depth)).toEqual([
      { price: '$40.50', bids: 20, asks: 0 },
      { price: '$41.00', bids: 12, asks: 0 },
      { price: '$43.00', bids: 0, asks: 20 },
      { price: '$44.50', bids: 0, asks: 25 },
    ]);
  });

  it('asks the read model for the depth of the chosen market and draws it', async () => {
    const requests = mockFetch(() => jsonResponse(depth));
    renderWithProviders(<OrderBookDepthChart market={market} />);

    expect(await screen.findByTestId('order-book-depth-chart')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/marketplace/depth?creditType=solar&vintage=2026']);
  });

  it('says so for a market without open orders, and when the depth fails to load', async () => {
    mockFetch(() => jsonResponse({ bids: [], asks: [] }));
    const { unmount } = renderWithProviders(<OrderBookDepthChart market={market} />);
    expect(await screen.findByTestId('order-book-depth-empty')).toHaveTextContent('No open orders in this market');
    unmount();

    mockFetch(() => jsonResponse({ error: 'InternalError', message: 'boom' }, 500));
    renderWithProviders(<OrderBookDepthChart market={market} />);
    expect(await screen.findByTestId('order-book-depth-error')).toHaveTextContent('Failed to load the market depth.');
  });
});
