import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { AmmReservesHistory } from './AmmReservesHistory';

describe('AmmReservesHistory', () => {
  it('asks the amm-reserves read model for the pool over time and draws both reserves', async () => {
    const requests = mockFetch(() =>
      jsonResponse({
        points: [
          { at: '2026-11-20T10:00:01.000Z', cause: 'pool-opened', txHash: 'A'.repeat(64), xrp: '1200000.000000', credits: '100000' },
          { at: '2026-11-21T08:00:00.000Z', cause: 'swap', txHash: 'B'.repeat(64), xrp: '1200120.120000', credits: '99990' },
        ],
      }),
    );
    renderWithProviders(<AmmReservesHistory />);

    expect(await screen.findByTestId('amm-reserves-history-chart')).toBeInTheDocument();
    expect(screen.queryByTestId('amm-reserves-history-empty')).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/xrpl/amm-reserves']);
  });

  it('says so when nothing was recorded, and when the history fails to load', async () => {
    mockFetch(() => jsonResponse({ points: [] }));
    const { unmount } = renderWithProviders(<AmmReservesHistory />);
    expect(await screen.findByTestId('amm-reserves-history-empty')).toHaveTextContent('No pool reserves recorded yet');
    expect(screen.queryByTestId('amm-reserves-history-chart')).not.toBeInTheDocument();
    unmount();

    mockFetch(() => jsonResponse({ error: 'InternalError', message: 'boom' }, 500));
    renderWithProviders(<AmmReservesHistory />);
    expect(await screen.findByTestId('amm-reserves-history-error')).toHaveTextContent('Failed to load the AMM reserves history.');
  });
});
