import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHoldingsPage, anAnalytics } from '../../features/credits/credits-fixtures';
import { someMetrics } from '../../features/credits/metrics-fixtures';
import { aBalanceResponse, aNetwork, anAmmState, aWallet, xrplApi } from '../../features/xrpl/xrpl-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { DashboardRoute } from './dashboard';

const api = xrplApi({
  '/api/xrpl/network': () => jsonResponse(aNetwork('sandbox')),
  '/api/xrpl/amm-state': () => jsonResponse(anAmmState()),
  '/api/xrpl/balance': () => jsonResponse(aBalanceResponse([aWallet()])),
  '/api/xrpl/transactions': () => jsonResponse({ transactions: [] }),
  '/api/metrics': () => jsonResponse(someMetrics()),
  '/api/retirements': () => jsonResponse({ retirements: [], nextCursor: null }),
  '/api/enhanced-retirement/analytics': () => jsonResponse(anAnalytics()),
  '/api/credits/holdings': (request) => jsonResponse(aHoldingsPage(request.url, [])),
});

function renderDashboard(path = '/dashboard') {
  return renderWithProviders(<DashboardRoute />, {
    path,
    routes: [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '/issue', element: <p>issue screen</p> },
      { path: '/portfolio', element: <p>portfolio screen</p> },
    ],
  });
}

describe('DashboardRoute', () => {
  it('shows the title, the header buttons and the four tabs with Overview selected, loading only the metrics', async () => {
    const requests = mockFetch(api);
    renderDashboard();

    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Issue New Credits/ })).toHaveAttribute('href', '/issue');
    expect(screen.getByRole('link', { name: /View Portfolio/ })).toHaveAttribute('href', '/portfolio');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Retirements', 'AMM Pool Monitor', 'XRPL Wallets']);
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('dashboard-overview')).toBeInTheDocument();
    await waitFor(() => expect(requests.map((request) => request.url)).toEqual(['/api/metrics']));
  });

  it.each([
    [/Issue New Credits/, 'issue screen'],
    [/View Portfolio/, 'portfolio screen'],
  ])('follows %s to its screen', async (button, screenText) => {
    mockFetch(api);
    renderDashboard();

    fireEvent.click(screen.getByRole('link', { name: button }));
    expect(await screen.findByText(screenText)).toBeInTheDocument();
  });

  it('puts the chosen tab in the URL and opens it from the URL', async () => {
    mockFetch(api);
    const { router } = renderDashboard();

    fireEvent.click(screen.getByRole('tab', { name: 'AMM Pool Monitor' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=amm'));
    expect(await screen.findByTestId('amm-pool-status')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it.each([
    ['?tab=retirements', 'Retirements', 'dashboard-retirements'],
    ['?tab=amm', 'AMM Pool Monitor', 'amm-pool-monitor'],
    ['?tab=wallets', 'XRPL Wallets', 'xrpl-wallets'],
    ['?tab=nonsense', 'Overview', 'dashboard-overview'],
  ])('opens %s on the %s tab', (search, tabName, testId) => {
    mockFetch(api);
    renderDashboard(`/dashboard${search}`);

    expect(screen.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId(testId)).toBeInTheDocument();
  });
});
