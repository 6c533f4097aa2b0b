import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../features/auth/user-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { AppProviders } from '../providers';
import { createQueryClient } from '../../shared/api/query-client';
import { LandingRoute, safeNextPath } from './landing';

function renderLanding(url = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', Component: LandingRoute },
      { path: '/dashboard', element: <p>Dashboard screen</p> },
      { path: '/portfolio', element: <p>Portfolio screen</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function failPriceFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LandingRoute', () => {
  it('renders every landing section', async () => {
    failPriceFetch();
    renderLanding();

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Trading' })).toBeInTheDocument();
    expect(screen.getByText('Settlement in under 3 seconds')).toBeInTheDocument();

    const capture = within(screen.getByRole('region', { name: 'From smokestack to bedrock' }));
    for (const stage of ['Capture', 'Transport', 'Storage']) expect(capture.getByText(stage)).toBeInTheDocument();

    const scopes = within(screen.getByRole('region', { name: 'Scopes 1-5, measured in one place' }));
    for (const title of ['Direct', 'Energy', 'Value chain', 'Avoided', 'Behavioral']) {
      expect(scopes.getByText(title)).toBeInTheDocument();
    }
    for (const scope of [1, 2, 3, 4, 5]) expect(scopes.getByText(`Scope ${scope}`)).toBeInTheDocument();

    const markets = within(screen.getByRole('region', { name: 'Carbon prices, refreshed every minute' }));
    expect(await markets.findByText('Network error')).toBeInTheDocument();
    expect(markets.getAllByTestId('market-price-card')).toHaveLength(8);
    const creditRows = markets.getAllByTestId('project-credit-row');
    expect(creditRows).toHaveLength(13);
    expect(within(creditRows[0]!).getByText('REDD+ Forestry')).toBeInTheDocument();
    expect(within(creditRows[0]!).getByText('nature')).toBeInTheDocument();
    expect(within(creditRows[12]!).getByText('ICVCM CCP Standard')).toBeInTheDocument();
    expect(within(creditRows[12]!).getByText('premium')).toBeInTheDocument();
    for (const category of ['nature', 'renewable', 'technology', 'premium']) {
      expect(markets.getAllByText(category).length).toBeGreaterThan(0);
    }

    const economy = within(screen.getByRole('region', { name: /Carbon has a price/ }));
    for (const text of ['78', '43 taxes, 35 ETS', '28%', 'Over $100B', '$535M']) {
      expect(economy.getByText(text)).toBeInTheDocument();
    }
    const ets = economy.getByRole('button', { name: 'Compliance Markets (ETS)' });
    const vcm = economy.getByRole('button', { name: 'Voluntary Carbon Markets (VCM)' });
    expect(ets).toHaveAttribute('aria-expanded', 'true');
    expect(vcm).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(vcm);
    expect(vcm).toHaveAttribute('aria-expanded', 'true');

    const features = within(screen.getByRole('region', { name: 'Everything a carbon desk needs' }));
    expect(features.getAllByTestId('feature-card')).toHaveLength(5);
    for (const title of ['Credit lifecycle', 'AI insights', 'Workforce localization', 'Cross-border compliance', 'Blockchain security']) {
      expect(features.getByText(title)).toBeInTheDocument();
    }

    expect(screen.getAllByTestId('particle')).toHaveLength(24);
  });

  it('opens the login dialog from Start Trading', async () => {
    failPriceFetch();
    renderLanding();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start Trading' }));

    // The dialog's code loads on the first click.
    expect(await screen.findByRole('dialog', { name: 'Sign in to Carbon Ledger' })).toBeInTheDocument();
  });

  it('goes to /dashboard from Start Trading when already signed in, without the login dialog', async () => {
    mockFetch(({ url }) => (url === '/api/auth/me' ? jsonResponse({ user: aUser() }) : Promise.reject(new TypeError('Failed to fetch'))));
    const router = renderLanding();
    // The session is known once the header area settles; the click then navigates.
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([input]) => input === '/api/auth/me')).toBe(true));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start Trading' }));

    expect(await screen.findByText('Dashboard screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the login dialog for ?login=1 and goes to `next` after login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === '/api/auth/login'
          ? Response.json({ user: { id: 'u-1', email: 'a@example.com', name: 'A', roles: ['trader'] } })
          : Promise.reject(new TypeError('Failed to fetch')),
      ),
    );
    const router = renderLanding('/?login=1&next=/portfolio');

    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portfolio'));
  });

  it('removes the login flag from the URL when the dialog is dismissed', async () => {
    failPriceFetch();
    const router = renderLanding('/?login=1&next=/portfolio');

    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));

    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Fportfolio'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/portfolio')).toBe('/portfolio');
    expect(safeNextPath('/trade?side=buy')).toBe('/trade?side=buy');
  });

  it('sends anything else to the dashboard', () => {
    expect(safeNextPath(null)).toBe('/dashboard');
    expect(safeNextPath('')).toBe('/dashboard');
    expect(safeNextPath('https://evil.example/')).toBe('/dashboard');
    expect(safeNextPath('//evil.example/')).toBe('/dashboard');
    expect(safeNextPath('/\\evil.example')).toBe('/dashboard');
    expect(safeNextPath('dashboard')).toBe('/dashboard');
    expect(safeNextPath('/\t/evil.example')).toBe('/dashboard');
  });
});
