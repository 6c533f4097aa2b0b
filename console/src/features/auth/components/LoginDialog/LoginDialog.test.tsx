import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@carbon-ledger/contracts';
import { AppProviders } from '../../../../app/providers';
import { createQueryClient } from '../../../../shared/api/query-client';
import { LoginDialog, type LoginDialogProps } from './LoginDialog';

const signedIn: LoginResponse = {
  user: { id: 'u-1', email: 'trader@example.com', name: 'Test Trader', roles: ['trader'] },
};

let queryClient: QueryClient;
let onClose: ReturnType<typeof vi.fn<() => void>>;

function renderDialog(props: Partial<LoginDialogProps> = {}) {
  return render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<LoginDialog opened onClose={onClose} {...props} />} />
          <Route path="/dashboard" element={<p>Dashboard screen</p>} />
          <Route path="/portfolio" element={<p>Portfolio screen</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

function fillIn(email: string, password: string): void {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

function submit(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => {
  queryClient = createQueryClient();
  onClose = vi.fn<() => void>();
});

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('LoginDialog', () => {
  it('is a modal with a title, a description and a Close button', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Carbon Ledger' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('Enter your email and password to access your trading dashboard.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('validates on submit, then on every change', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDialog();

    fillIn('not-an-email', '');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    submit();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'trader@example.com' } });
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'broken@' } });
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('shows a red toast and stays open when the password is wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Unauthorized', message: 'Invalid credentials' }, { status: 401, statusText: 'Unauthorized' })),
    );
    renderDialog();

    fillIn('trader@example.com', 'wrong-password');
    submit();

    const toast = await screen.findByText('Invalid email or password. Please try again.');
    const notification = toast.closest<HTMLElement>('.mantine-Notification-root');
    expect(notification?.style.getPropertyValue('--notification-color')).toMatch(/red/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('replaces the failure toast with the success toast (one toast at a time)', async () => {
    let attempt = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++attempt === 1 ? Response.json({ error: 'Unauthorized', message: 'Invalid email or password' }, { status: 401 }) : Response.json(signedIn),
      ),
    );
    renderDialog();

    fillIn('trader@example.com', 'wrong-password');
    submit();
    await screen.findByText('Invalid email or password. Please try again.');

    fillIn('trader@example.com', 'correct-password');
    submit();

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Invalid email or password. Please try again.')).not.toBeInTheDocument());
  });

  it("shows 'Logging in...' while the request is pending", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderDialog();

    fillIn('trader@example.com', 'correct-password');
    submit();

    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeInTheDocument();
    await act(async () => answer(Response.json(signedIn)));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
  });

  it('posts the credentials, toasts success, closes and navigates after 1 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => Response.json(signedIn));
    vi.stubGlobal('fetch', fetchMock);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderDialog();

    fillIn('trader@example.com', 'correct-password');
    submit();

    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'auth', 'me'] });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'trader@example.com', password: 'correct-password' });

    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByText('Dashboard screen')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(screen.getByText('Dashboard screen')).toBeInTheDocument());
  });

  it('navigates to redirectTo when given', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(signedIn)),
    );
    renderDialog({ redirectTo: '/portfolio' });

    fillIn('trader@example.com', 'correct-password');
    submit();
    await screen.findByText('Login successful');

    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.getByText('Portfolio screen')).toBeInTheDocument());
  });
});
