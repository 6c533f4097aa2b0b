import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { AmmPriceHistory } from './AmmPriceHistory';

describe('AmmPriceHistory', () => {
  it('asks the trades read model for the daily AMM prices and draws them', async () => {
    const requests = mockFetch(() =>
      jsonResponse({
        days: [
          { day: '2026-11-24', averagePrice: '2.400000', volume: 10, swaps: 2 },
          { day: '2026-11-25', averagePrice: '2.500000', volume: 8, swaps: 1 },
        ],
      }),
    );
    renderWithProviders(<AmmPriceHistory />);

    expect(await screen.findByTestId('amm-price-history-chart')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/xrpl/amm-daily']);
  });

  it('says so when there were no swaps, and when the history fails to load', async () => {
    mockFetch(() => jsonResponse({ days: [] }));
    const { unmount } = renderWithProviders(<AmmPriceHistory />);
    expect(await screen.findByTestId('amm-price-history-empty')).toHaveTextContent('No AMM swaps in the last 30 days');
    unmount();

    mockFetch(() => jsonResponse({ error: 'InternalError', message: 'boom' }, 500));
    renderWithProviders(<AmmPriceHistory />);
    expect(await screen.findByTestId('amm-price-history-error')).toHaveTextContent('Failed to load the AMM price history.');
  });
});
