import type { ComplianceDashboardResponse, UserView } from '@carbon-ledger/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anAmlAlert } from '../../features/aml/aml-fixtures';
import { aUser, anAdmin } from '../../features/auth/user-fixtures';
import { aHeldDeposit } from '../../features/funds/funds-fixtures';
import { RealtimeMessageBusContext } from '../../features/realtime/components/RealtimeProvider/RealtimeProvider';
import { RealtimeMessageBus } from '../../features/realtime/realtime-message-bus';
import { FakeMessageSource } from '../../features/realtime/realtime-fixtures';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { ComplianceRoute } from './compliance';

function aDashboard(overrides: Partial<ComplianceDashboardResponse> = {}): ComplianceDashboardResponse {
  return {
    totalUsers: 4,
    verifiedUsers: 3,
    verificationRate: 75,
    highRiskTransactions: 1,
    transactionsRequiringReview: 2,
    averageRiskScore: 18,
    recentActivity: [],
    jurisdictionBreakdown: { UAE: 1, KSA: 0, UK: 2, US: 0, EU: 1 },
    highPriorityAlerts: 1,
    ...overrides,
  };
}

const heldDeposit = aHeldDeposit({ destinationTag: null, amount: '7.25', reason: 'missing-tag' });

function serve(user: UserView, { alerts = [anAmlAlert()] } = {}) {
  return mockFetch(({ url }: RecordedRequest) => {
    if (url === '/api/auth/me') return jsonResponse({ user });
    if (url.startsWith('/api/funds/held-deposits')) return jsonResponse({ deposits: [heldDeposit], total: 1, nextCursor: null });
    if (url === '/api/kyc/dashboard') return jsonResponse(aDashboard());
    if (url.startsWith('/api/aml/alerts')) return jsonResponse({ alerts, totalAlerts: alerts.length, nextCursor: null });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

describe('ComplianceRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows traders only the KYC Verification tab', async () => {
    const requests = serve(aUser());
    renderWithProviders(<ComplianceRoute />, { path: '/compliance' });

    expect(await screen.findByRole('tab', { name: 'KYC Verification' })).toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.url === '/api/auth/me')).toBe(true));
    expect(screen.queryByRole('tab', { name: 'Real-time Monitoring' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Compliance Reporting' })).not.toBeInTheDocument();
    expect(screen.getByTestId('kyc-verification')).toBeInTheDocument();
  });

  it('monitors: connection state, notification permission, dashboard, alerts pushed and loaded', async () => {
    const requestPermission = vi.fn(() => Promise.resolve('granted'));
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    serve(anAdmin(), { alerts: [anAmlAlert({ priority: 'high', timestamp: '2026-11-22T09:00:00.000Z' })] });
    const bus = new RealtimeMessageBus();
    const source = new FakeMessageSource();
    bus.attach(source);
    renderWithProviders(
      <RealtimeMessageBusContext value={bus}>
        <ComplianceRoute />
      </RealtimeMessageBusContext>,
      { path: '/compliance' },
    );

    fireEvent.click(await screen.findByRole('tab', { name: 'Real-time Monitoring' }));

    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect((await screen.findByTestId('stat-verification-rate')).textContent).toBe('75%');
    expect(screen.getByTestId('stat-average-risk').textContent).toBe('18/100');
    await waitFor(() => expect(screen.getAllByTestId('aml-alert')).toHaveLength(1));

    act(() =>
      source.emit('aml-alert', { ...anAmlAlert({ priority: 'critical', timestamp: '2026-11-22T12:00:00.000Z' }), projection: 'aml-alerts', position: '9:9' }),
    );

    await waitFor(() => expect(screen.getAllByTestId('aml-alert')).toHaveLength(2));
    expect(screen.getAllByTestId('aml-alert-priority').map((badge) => badge.textContent)).toEqual(['critical', 'high']);

    fireEvent.click(screen.getByRole('tab', { name: 'Recent Activity' }));
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Jurisdictions' }));
    expect(await screen.findAllByTestId('jurisdiction-row')).toHaveLength(5);
  });

  it("shows 'No recent AML alerts' without alerts", async () => {
    serve(anAdmin(), { alerts: [] });
    renderWithProviders(<ComplianceRoute />, { path: '/compliance' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Real-time Monitoring' }));

    expect(await screen.findByText('No recent AML alerts')).toBeInTheDocument();
  });

  it('shows the reporting frameworks as targets, the evidence export, the report list and the provenance lookup', async () => {
    serve(anAdmin({ roles: ['auditor'] }));
    renderWithProviders(<ComplianceRoute />, { path: '/compliance' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Compliance Reporting' }));

    expect(await screen.findByTestId('evidence-export')).toBeInTheDocument();
    expect(screen.getAllByText('Reporting target')).toHaveLength(3);
    expect(within(screen.getByTestId('framework-csrd')).getByText('CSRD')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export Evidence' })).toBeInTheDocument();
    expect(screen.getByText('Generate Reports')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download ISSB report as PDF' })).toBeInTheDocument();
    const sections = ['reporting-frameworks', 'evidence-export', 'generate-reports', 'provenance-lookup'].map((id) => screen.getByTestId(id));
    sections.slice(1).forEach((section, index) => {
      expect(sections[index]!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
    expect(screen.getByTestId('provenance-lookup')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('lists held deposits under monitoring: compliance officers may assign them, auditors only look', async () => {
    serve(anAdmin({ roles: ['compliance'] }));
    const { unmount } = renderWithProviders(<ComplianceRoute />, { path: '/compliance' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Real-time Monitoring' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Held Deposits' }));
    expect(await screen.findByTestId('held-deposit')).toHaveTextContent('No destination tag');
    expect(screen.getByTestId('held-deposit-assign')).toBeInTheDocument();
    unmount();

    serve(anAdmin({ roles: ['auditor'] }));
    renderWithProviders(<ComplianceRoute />, { path: '/compliance' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Real-time Monitoring' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Held Deposits' }));
    expect(await screen.findByTestId('held-deposit')).toHaveTextContent('$7.25');
    expect(screen.queryByTestId('held-deposit-assign')).not.toBeInTheDocument();
  });
});
