import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionView } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SessionList } from './SessionList';

const laptop: SessionView = {
  id: '5b1d3c4e-7f8a-4b9c-8d0e-1f2a3b4c5d6e',
  createdAt: '2026-11-25T08:00:00.000Z',
  lastSeenAt: '2026-11-25T09:30:00.000Z',
  expiresAt: '2026-11-25T20:00:00.000Z',
  userAgent: 'Laptop Browser/1.0',
  address: '198.51.100.20',
  current: true,
};
const phone: SessionView = { ...laptop, id: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d', userAgent: 'Phone Browser/2.0', address: '198.51.100.21', current: false };

describe('SessionList', () => {
  it('lists the sessions with when, last seen, browser and address, the current one marked', async () => {
    mockFetch(() => jsonResponse({ sessions: [laptop, phone] }));
    renderWithProviders(<SessionList />);

    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This session')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Laptop Browser/1.0')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(new Date(laptop.lastSeenAt).toLocaleString())).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('198.51.100.21')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This session')).not.toBeInTheDocument();
  });

  it('ends another session with DELETE and shows the list without it', async () => {
    let ended = false;
    const requests = mockFetch(({ method }) => {
      if (method === 'DELETE') {
        ended = true;
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ sessions: ended ? [laptop] : [laptop, phone] });
    });
    renderWithProviders(<SessionList />);

    fireEvent.click(await screen.findByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Session Ended')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1));
    const revoke = requests.find((request) => request.method === 'DELETE');
    expect(revoke?.url).toBe(`/api/auth/sessions/${phone.id}`);
    expect(revoke?.credentials).toBe('include');
  });
});
