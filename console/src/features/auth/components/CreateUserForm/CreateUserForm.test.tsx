import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { usersQueryKey } from '../../api/list-users';
import { aUser } from '../../user-fixtures';
import { CreateUserForm } from './CreateUserForm';

function fillIn({ email = '', name = '', password = '' }: { email?: string; name?: string; password?: string }): void {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

async function chooseRole(label: string): Promise<void> {
  fireEvent.click(screen.getByRole('combobox', { name: 'Roles' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

function submit(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
}

describe('CreateUserForm', () => {
  it("shows the contract's messages on submit, sends nothing, then re-validates on change", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CreateUserForm />);

    fillIn({ email: 'not-an-email', name: '   ', password: 'short' });
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();

    submit();

    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one role')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'twelve-chars' } });
    expect(screen.queryByText('Password must be at least 12 characters')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('creates the user, toasts, resets the form and refreshes the list', async () => {
    const created = aUser({ email: 'new.trader@example.com', name: 'New Trader' });
    const requests = mockFetch(() => jsonResponse({ user: created }, 201));
    const { queryClient } = renderWithProviders(<CreateUserForm />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    fillIn({ email: 'new.trader@example.com', name: '  New Trader ', password: 'a-long-password' });
    await chooseRole('Trader');
    submit();

    expect(await screen.findByText('User Created')).toBeInTheDocument();
    expect(screen.getByText('New Trader (new.trader@example.com) can now sign in')).toBeInTheDocument();
    expect(requests[0]?.url).toBe('/api/users');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({
      email: 'new.trader@example.com',
      name: 'New Trader',
      password: 'a-long-password',
      roles: ['trader'],
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: usersQueryKey });
    await waitFor(() => expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(''));
  });

  it('shows the server message of a 409 in a red toast and keeps the values', async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'A user with this email already exists' }, 409));
    renderWithProviders(<CreateUserForm />);

    fillIn({ email: 'taken@example.com', name: 'Taken', password: 'a-long-password' });
    await chooseRole('Auditor');
    submit();

    const message = await screen.findByText('A user with this email already exists');
    expect(screen.getByText('Create User Failed')).toBeInTheDocument();
    expect(message.closest<HTMLElement>('.mantine-Notification-root')?.style.getPropertyValue('--notification-color')).toMatch(/red/);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('taken@example.com');
  });

  it("puts a 400's details beside the fields and its message in the toast", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: 'ValidationFailed',
          message: 'Please enter a valid email address',
          details: [{ path: 'email', message: 'Please enter a valid email address' }],
        },
        400,
      ),
    );
    renderWithProviders(<CreateUserForm />);

    fillIn({ email: 'odd@example.com', name: 'Odd', password: 'a-long-password' });
    await chooseRole('Issuer');
    submit();

    // The server's message is the first detail's: it stands beside the field and in the toast.
    expect(await screen.findAllByText('Please enter a valid email address')).toHaveLength(2);
  });

  it.each([
    ['aaaaaaaaaaaa', 'Very weak', 'Password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
    ['passwordpassword', 'Very weak', 'Password is too easy to guess. Repeated character patterns like "abcabcabc" are easy to guess.'],
    ['new.trader@example.com', 'Weak', 'Password must not contain your email address'],
  ])(
    'shows the strength of %j and why it is refused as the user types, and does not send it',
    async (password, label, reason) => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      renderWithProviders(<CreateUserForm />);
      fillIn({ email: 'new.trader@example.com', name: 'New Trader', password });

      expect(await screen.findByTestId('password-strength-reason', {}, { timeout: 10_000 })).toHaveProperty('textContent', reason);
      expect(screen.getByText(label)).toBeInTheDocument();
      await chooseRole('Trader');
      submit();
      expect(await screen.findAllByText(reason)).toHaveLength(2);
      expect(fetchMock).not.toHaveBeenCalled();
    },
    20_000,
  );

  it('shows a strong password as strong, without a reason', async () => {
    renderWithProviders(<CreateUserForm />);
    fillIn({ email: 'new.trader@example.com', name: 'New Trader', password: 'velvet-harbour-quartz-71' });
    await waitFor(() => expect(screen.getByTestId('password-strength').dataset.acceptable).toBe('true'), { timeout: 10_000 });
    expect(screen.getByText('Very strong')).toBeInTheDocument();
    expect(screen.queryByTestId('password-strength-reason')).not.toBeInTheDocument();
  }, 20_000);
});
