import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../../app/router';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aUser } from '../../user-fixtures';
import { loginPathFor } from './SessionGuard';

const emptyBook = { scope: 'mine', orders: [], totalOrders: 0, pendingOrders: 0, averagePrice: '0.00', nextCursor: null };
// Rendering the landing page is slow in jsdom on a busy machine.
const slow = { timeout: 5000 };
const unauthorized = () => jsonResponse({ error: 'Unauthorized', message: 'Sign in to continue' }, 401);

/** Answers the session check with `me`, the order list with `orders`, and leaves prices hanging. */
function serve(me: () => Response, orders: () => Response = () => jsonResponse(emptyBook)): RecordedRequest[] {
  return mockFetch(({ url }) => {
    if (url === '/api/auth/me') return me();
    if (url === '/api/orders') return orders();
    return new Promise<Response>(() => {});
  });
}

describe('SessionGuard', () => {
  it('sends a signed-out user to the login dialog with the asked path as `next`', async () => {
    serve(unauthorized);
    const { router } = renderWithProviders(null, { path: '/trading-desk', routes: appRoutes });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/?login=1&next=%2Ftrading-desk');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/trading-desk');
    expect(await screen.findByRole('dialog', { name: 'Sign in to Carbon Ledger' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trading Desk' })).not.toBeInTheDocument();
  });

  it('keeps the search of the asked path in `next`', async () => {
    serve(unauthorized);
    const { router } = renderWithProviders(null, { path: '/trade?side=buy', routes: appRoutes });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/trade?side=buy');
  });

  it('shows a centred loader while checking, then the page with a session', async () => {
    // Every session check waits until the test answers, and any made after that is answered at once: a check
    // asked again meanwhile (a remount while the screen's code loads) must not be left hanging.
    let answered = false;
    const waiting: ((response: Response) => void)[] = [];
    const session = () => jsonResponse({ user: aUser() });
    mockFetch(({ url }) => {
      if (url !== '/api/auth/me') return jsonResponse(emptyBook);
      return answered ? session() : new Promise<Response>((resolve) => waiting.push(resolve));
    });
    const answer = (): void => {
      answered = true;
      for (const resolve of waiting.splice(0)) resolve(session());
    };
    const { router } = renderWithProviders(null, { path: '/trading-desk', routes: appRoutes });

    // First the screen's code loads, then the session is still being checked.
    expect(await screen.findByRole('status', { name: 'Checking your session' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trading Desk' })).not.toBeInTheDocument();

    answer();

    expect(await screen.findByRole('heading', { level: 1, name: 'Trading Desk' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Checking your session' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/trading-desk');
  });

  it('redirects once a later call answers 401 (session expired)', async () => {
    let sessionAlive = true;
    const requests = serve(
      () => (sessionAlive ? jsonResponse({ user: aUser() }) : unauthorized()),
      () => (sessionAlive ? jsonResponse(emptyBook) : unauthorized()),
    );
    const { router } = renderWithProviders(null, { path: '/trading-desk', routes: appRoutes });
    await screen.findByText('No orders yet. Create your first order!', {}, slow);

    sessionAlive = false;
    fireEvent.click(screen.getByTestId('orders-refresh'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    expect(router.state.location.search).toBe('?login=1&next=%2Ftrading-desk');
    expect(requests.filter((request) => request.url === '/api/auth/me')).toHaveLength(2);
  });

  it('offers a retry when the session cannot be checked', async () => {
    let failing = true;
    serve(() => (failing ? jsonResponse({ error: 'InternalError', message: 'Database unavailable' }, 500) : jsonResponse({ user: aUser() })));
    renderWithProviders(null, { path: '/trading-desk', routes: appRoutes });

    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Trading Desk' })).toBeInTheDocument();
  });
});

describe('loginPathFor', () => {
  it('encodes the whole asked location as `next`', () => {
    expect(loginPathFor({ pathname: '/trading-desk', search: '', hash: '' })).toBe('/?login=1&next=%2Ftrading-desk');
    expect(loginPathFor({ pathname: '/trade', search: '?a=1&b=2', hash: '#top' })).toBe('/?login=1&next=%2Ftrade%3Fa%3D1%26b%3D2%23top');
  });
});
