import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../features/auth/user-fixtures';
import { aCertificate, aRetirementId } from '../features/credits/credits-fixtures';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { renderWithProviders } from '../test/render';
import { appRoutes } from './router';

const headerLogo = () => screen.queryByTestId('app-logo');

describe('appRoutes', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/issue', 'Issue Carbon Credits'],
    ['/projects', 'Projects'],
    ['/trade', 'Carbon Credit Marketplace'],
    ['/xrpl', 'XRPL Carbon Trading'],
    ['/portfolio', 'AI Portfolio Management'],
    ['/compliance', 'Compliance'],
    ['/trading-desk', 'Trading Desk'],
    ['/profile', 'Profile'],
    ['/no-such-page', '404 Page Not Found'],
  ])('shows %s under the shared header when signed in', async (path, title) => {
    mockFetch(({ url }) =>
      url === '/api/auth/me'
        ? jsonResponse({ user: aUser() })
        : jsonResponse({ scope: 'mine', orders: [], totalOrders: 0, pendingOrders: 0, averagePrice: '0.00', nextCursor: null }),
    );
    renderWithProviders(null, { path, routes: appRoutes });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(headerLogo()).toBeInTheDocument();
  });

  it('shows the 404 page under the shared header to a signed-out visitor, not the login dialog', async () => {
    mockFetch(() => jsonResponse({ error: 'Unauthorized', message: 'Sign in to continue' }, 401));
    renderWithProviders(null, { path: '/no-such-page', routes: appRoutes });

    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(headerLogo()).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a retirement certificate signed out, without the shared header', async () => {
    mockFetch(({ url }) =>
      url.startsWith('/api/retirements/') ? jsonResponse(aCertificate()) : jsonResponse({ error: 'Unauthorized', message: 'Sign in first' }, 401),
    );
    renderWithProviders(null, { path: `/retirements/${aRetirementId}`, routes: appRoutes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Carbon Credit Retirement Certificate' })).toBeInTheDocument();
    expect(headerLogo()).not.toBeInTheDocument();
  });

  it("shows a loading state while a screen's code loads, then the screen", async () => {
    mockFetch(() => jsonResponse({ error: 'Unauthorized', message: 'Sign in to continue' }, 401));
    renderWithProviders(null, { path: '/no-such-page', routes: appRoutes });

    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading page' })).not.toBeInTheDocument();
  });

  it('shows the landing page without the shared header', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(null, { path: '/', routes: appRoutes });

    expect(headerLogo()).not.toBeInTheDocument();
  });
});
