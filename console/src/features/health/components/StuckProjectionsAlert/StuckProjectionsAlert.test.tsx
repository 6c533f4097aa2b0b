import type { HealthResponse, ProjectionHealth } from '@carbon-ledger/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { STUCK_PROJECTIONS_TITLE, StuckProjectionsAlert } from './StuckProjectionsAlert';

const running = (name: string, kind: ProjectionHealth['kind']): ProjectionHealth => ({
  name,
  kind,
  checkpoint: '10:10',
  lagEvents: 0,
  lagMs: 0,
  pendingEvents: 0,
  pendingMs: 0,
  status: 'running',
});

function health(stuck: ProjectionHealth[]): HealthResponse {
  return {
    status: stuck.length > 0 ? 'failed' : 'ok',
    eventStore: { adapter: 'postgres', head: '12:12' },
    projections: [running('order-book', 'projection'), ...stuck.filter((follower) => follower.kind === 'projection')],
    reactions: [running('reaction:screen-transaction-when-recorded', 'reaction'), ...stuck.filter((follower) => follower.kind === 'reaction')],
  };
}

const stuckAml: ProjectionHealth = {
  name: 'aml-alerts',
  kind: 'projection',
  checkpoint: '1041:1041',
  lagEvents: 3,
  lagMs: 120_000,
  pendingEvents: 1,
  pendingMs: 120_000,
  status: 'failed',
  error: 'numeric field overflow',
  failedEvent: { position: '1042:1042', type: 'OrderPlaced' },
  failingSince: '2026-11-25T01:00:00.000Z',
  failedAttempts: 7,
};

describe('StuckProjectionsAlert', () => {
  it('shows an administrator which projection stopped, at which event, and why (from the 503 health answer)', async () => {
    mockFetch(() => jsonResponse(health([stuckAml]), 503));
    renderWithProviders(<StuckProjectionsAlert visible />);
    const alert = await screen.findByTestId('stuck-projections-alert');
    expect(alert).toHaveTextContent(STUCK_PROJECTIONS_TITLE);
    expect(alert).toHaveTextContent('projection aml-alerts stopped at event 1042:1042 (OrderPlaced): numeric field overflow');
    expect(alert).toHaveTextContent('7 attempts');
    expect(alert.textContent).not.toContain('order-book');
  });

  it('shows nothing while every projection and reaction runs', async () => {
    const requests = mockFetch(() => jsonResponse(health([])));
    renderWithProviders(<StuckProjectionsAlert visible />);
    await waitFor(() => expect(requests.map((request) => request.url)).toEqual(['/api/health']));
    expect(screen.queryByTestId('stuck-projections-alert')).not.toBeInTheDocument();
  });

  it('does not ask for health for users who are not administrators', async () => {
    const requests = mockFetch(() => jsonResponse(health([stuckAml]), 503));
    renderWithProviders(<StuckProjectionsAlert visible={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(screen.queryByTestId('stuck-projections-alert')).not.toBeInTheDocument();
  });
});
