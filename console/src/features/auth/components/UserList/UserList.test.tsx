import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserView } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aUser, anAdmin } from '../../user-fixtures';
import { UserList } from './UserList';

const admin = anAdmin();

function rowOf(email: string): HTMLElement {
  const row = screen.getAllByTestId('user-row').find((element) => element.getAttribute('data-email') === email);
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

describe('UserList', () => {
  it('shows a loading state, then the users', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<UserList currentUserId={admin.id} />);

    expect(screen.getAllByRole('row', { busy: true }).length).toBeGreaterThan(0);
    answer(jsonResponse({ users: [admin] }));

    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
    expect(screen.queryAllByRole('row', { busy: true })).toHaveLength(0);
  });

  it('shows the error and retries', async () => {
    let failing = true;
    mockFetch(() => (failing ? jsonResponse({ error: 'Forbidden', message: 'Admins only' }, 403) : jsonResponse({ users: [admin] })));
    renderWithProviders(<UserList currentUserId={admin.id} />);

    expect(await screen.findByText('Unable to load users')).toBeInTheDocument();
    expect(screen.getByText('Admins only')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Ada Admin')).toBeInTheDocument();
  });

  it('grants a role, toasts and reloads the list', async () => {
    let trader: UserView = aUser();
    const requests = mockFetch(({ url, method, body }) => {
      if (method === 'POST' && url === `/api/users/${trader.id}/roles`) {
        trader = { ...trader, roles: [...trader.roles, (body as { role: UserView['roles'][number] }).role] };
        return jsonResponse({ user: trader });
      }
      if (url === '/api/auth/me') return jsonResponse({ user: admin });
      return jsonResponse({ users: [admin, trader] });
    });
    renderWithProviders(<UserList currentUserId={admin.id} />);
    await screen.findByText('Tessa Trader');

    const grantButton = within(rowOf('trader@example.com')).getByRole('button', { name: 'Grant role to Tessa Trader' });
    expect(grantButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('combobox', { name: 'Role to grant to Tessa Trader' }));
    fireEvent.click(await screen.findByRole('option', { name: 'issuer' }));
    fireEvent.click(grantButton);

    expect(await screen.findByText('Role Granted')).toBeInTheDocument();
    expect(screen.getByText('Tessa Trader now has the issuer role')).toBeInTheDocument();
    const grant = requests.find((request) => request.method === 'POST');
    expect(grant?.body).toEqual({ role: 'issuer' });
    await waitFor(() =>
      expect(
        within(rowOf('trader@example.com'))
          .getAllByTestId('role-badge')
          .map((badge) => badge.textContent),
      ).toEqual(['trader', 'issuer']),
    );
    expect(requests.filter((request) => request.url === '/api/users')).toHaveLength(2);
  });

  it('revokes a role with the x on its badge', async () => {
    let trader: UserView = aUser({ roles: ['trader', 'auditor'] });
    const requests = mockFetch(({ url, method }) => {
      if (method === 'DELETE') {
        trader = { ...trader, roles: ['trader'] };
        return jsonResponse({ user: trader });
      }
      if (url === '/api/auth/me') return jsonResponse({ user: admin });
      return jsonResponse({ users: [admin, trader] });
    });
    renderWithProviders(<UserList currentUserId={admin.id} />);
    await screen.findByText('Tessa Trader');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke auditor from Tessa Trader' }));

    expect(await screen.findByText('Tessa Trader no longer has the auditor role')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'DELETE')?.url).toBe(`/api/users/${trader.id}/roles/auditor`);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke auditor from Tessa Trader' })).not.toBeInTheDocument());
  });

  it("shows the server's refusal in a red toast", async () => {
    mockFetch(({ method }) =>
      method === 'DELETE' ? jsonResponse({ error: 'Forbidden', message: 'You cannot remove your own admin role' }, 403) : jsonResponse({ users: [admin] }),
    );
    renderWithProviders(<UserList currentUserId={admin.id} />);
    await screen.findByText('Ada Admin');

    fireEvent.click(screen.getByRole('button', { name: 'Revoke admin from Ada Admin' }));

    const message = await screen.findByText('You cannot remove your own admin role');
    expect(screen.getByText('Role Change Failed')).toBeInTheDocument();
    const toast = message.closest<HTMLElement>('.mantine-Notification-root');
    expect(toast?.style.getPropertyValue('--notification-color')).toMatch(/red/);
  });
});
