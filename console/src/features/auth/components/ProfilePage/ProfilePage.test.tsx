import { CSRF_COOKIE, CSRF_HEADER, type UserView } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../../../app/router';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { sessionQueryKey } from '../../api/get-session';
import { aUser, anAdmin } from '../../user-fixtures';

const slow = { timeout: 5000 };

/** The profile route behind the real guard, signed in as `user`. */
function renderProfile(user: UserView, users: UserView[] = [user]): { requests: RecordedRequest[] } & ReturnType<typeof renderWithProviders> {
  const requests = mockFetch(({ url, method }) => {
    if (url === '/api/auth/me') return jsonResponse({ user });
    if (url === '/api/auth/logout' && method === 'POST') return new Response(null, { status: 204 });
    if (url === '/api/users') return jsonResponse({ users });
    return new Promise<Response>(() => {});
  });
  return { requests, ...renderWithProviders(null, { path: '/profile', routes: appRoutes }) };
}

afterEach(() => {
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('ProfilePage', () => {
  it("shows the signed-in user's name, email and roles", async () => {
    renderProfile(aUser({ roles: ['trader', 'auditor'] }));

    const card = within(await screen.findByTestId('profile-card'));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(card.getByText('Tessa Trader')).toBeInTheDocument();
    expect(card.getByText('trader@example.com')).toBeInTheDocument();
    expect(card.getAllByTestId('role-badge').map((badge) => badge.textContent)).toEqual(['trader', 'auditor']);
    // A profile's badges cannot be removed; only the admin list offers that.
    expect(card.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('header-user-name').textContent).toBe('Tessa Trader');
  });

  it('signs out: posts the logout with the CSRF header, clears the cache and goes to the landing page', async () => {
    document.cookie = `${CSRF_COOKIE}=csrf-1; path=/`;
    const { requests, router, queryClient } = renderProfile(aUser());
    await screen.findByTestId('profile-card');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    expect(router.state.location.search).toBe('');
    const logout = requests.find((request) => request.url === '/api/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get(CSRF_HEADER)).toBe('csrf-1');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a red toast with the server message when signing out fails', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/auth/me') return jsonResponse({ user: aUser() });
      return jsonResponse({ error: 'Forbidden', message: 'Missing or invalid CSRF token' }, 403);
    });
    const { router } = renderWithProviders(null, { path: '/profile', routes: appRoutes });
    await screen.findByTestId('profile-card');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Sign Out Failed')).toBeInTheDocument();
    expect(screen.getByText('Missing or invalid CSRF token')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('hides the Users section from a trader and never loads the user list', async () => {
    const { requests } = renderProfile(aUser());
    await screen.findByTestId('profile-card');

    expect(screen.queryByTestId('users-section')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/users')).toBe(false);
  });

  it('shows the Users section with every user to an admin', async () => {
    const admin = anAdmin();
    renderProfile(admin, [admin, aUser({ roles: ['trader', 'issuer'] })]);

    const section = within(await screen.findByTestId('users-section'));
    expect(section.getByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();
    await section.findByText('Tessa Trader');
    const rows = section.getAllByTestId('user-row');
    expect(rows.map((row) => row.getAttribute('data-email'))).toEqual(['admin@example.com', 'trader@example.com']);
    expect(
      within(rows[1]!)
        .getAllByTestId('role-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['trader', 'issuer']);
    expect(within(rows[0]!).getByText('You')).toBeInTheDocument();
    expect(section.getByTestId('create-user-form')).toBeInTheDocument();
  });
});
