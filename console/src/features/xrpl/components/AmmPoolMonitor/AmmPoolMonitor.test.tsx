import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aNetwork, anAmmState, aSwap, someReserves, xrplApi } from '../../xrpl-fixtures';
import { AmmPoolMonitor } from './AmmPoolMonitor';

describe('AmmPoolMonitor', () => {
  it('shows an active pool with its reserves, fee and swap count', async () => {
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () => jsonResponse(anAmmState({ swapCount: 12 })),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    expect((await screen.findByTestId('amm-pool-status')).textContent).toBe('Active');
    expect(screen.getByTestId('amm-reserve-asset1').textContent).toBe('1,200,000.00 XRP');
    expect(screen.getByTestId('amm-reserve-asset2').textContent).toBe('100,000 NXCC');
    expect(screen.getByText('Trading fee 0.5%')).toBeInTheDocument();
    expect(screen.getByText('1 NXCC ≈ 12.000000 XRP')).toBeInTheDocument();
    expect(screen.getByTestId('amm-swap-count').textContent).toBe('12');
  });

  it('shows the proof of reserves beside the pool: its NXCC are backed by the vault too', async () => {
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () => jsonResponse(anAmmState()),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
        '/api/xrpl/reserves': () => jsonResponse(someReserves()),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    expect((await screen.findByTestId('vault-reserves-status')).textContent).toBe('Balanced');
    expect(within(screen.getByTestId('amm-pool-monitor')).getByTestId('vault-reserves-card')).toBeInTheDocument();
  });

  it('shows an inactive pool without reserves', async () => {
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () => jsonResponse(anAmmState({ isActive: false, poolAccount: null, poolReserves: null, tradingFeePercent: null })),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    expect((await screen.findByTestId('amm-pool-status')).textContent).toBe('Inactive');
    expect(screen.getByTestId('amm-reserve-asset1').textContent).toBe('—');
  });

  it('shows the 5 most recent swaps and the latest trade', async () => {
    const swaps = [1, 2, 3, 4, 5, 6].map(aSwap);
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () =>
          jsonResponse(
            anAmmState({
              swapCount: 6,
              swapHistory: swaps,
              lastTrade: { amount: '1.5 NXCC', sdgImpact: 'SDG 13 Climate Action: 1.50 tCO2e of verified credits', timestamp: '2026-11-22T10:01:00.000Z' },
            }),
          ),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    const rows = await screen.findAllByTestId('amm-swap-row');
    expect(rows).toHaveLength(5);
    const first = rows[0];
    if (!first) throw new Error('no first row');
    expect(within(first).getByText('XRP')).toBeInTheDocument();
    expect(within(first).getByText('NXCC')).toBeInTheDocument();
    expect(within(first).getByText('1.5 NXCC')).toBeInTheDocument();
    expect(within(first).getByText('SDG 13 Climate Action: 1.50 tCO2e of verified credits')).toBeInTheDocument();
    expect(screen.getByTestId('amm-latest-trade-amount').textContent).toBe('1.5 NXCC');
  });

  it('says so when there has been no swap', async () => {
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () => jsonResponse(anAmmState()),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    expect(await screen.findByText('No recent swap activity')).toBeInTheDocument();
  });

  it('shows the AMM error when the pool cannot be loaded', async () => {
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () => jsonResponse({ error: 'ServiceUnavailable', message: 'ledger down' }, 503),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    const error = await screen.findByTestId('amm-error');
    expect(within(error).getByText('Failed to load AMM data')).toBeInTheDocument();
    expect(error).toHaveTextContent('Check that AMM monitoring is active');
    // The quote form stays usable.
    expect(screen.getByRole('button', { name: 'Get Quote' })).toBeInTheDocument();
  });

  it('links out to external wallet apps in a new tab', async () => {
    mockFetch(
      xrplApi({
        '/api/xrpl/amm-state': () => jsonResponse(anAmmState()),
        '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
      }),
    );
    renderWithProviders(<AmmPoolMonitor />);

    const xaman = screen.getByRole('link', { name: /Open in Xaman/ });
    expect(xaman).toHaveAttribute('href', 'https://xaman.app');
    expect(xaman).toHaveAttribute('target', '_blank');
    expect(xaman.getAttribute('rel')).toContain('noopener');
    const toolkit = screen.getByRole('link', { name: /XRP Toolkit/ });
    expect(toolkit).toHaveAttribute('href', 'https://www.xrptoolkit.com');
    expect(toolkit).toHaveAttribute('target', '_blank');
    expect(await screen.findByTestId('wallet-app-sandbox-note')).toBeInTheDocument();
  });
});
