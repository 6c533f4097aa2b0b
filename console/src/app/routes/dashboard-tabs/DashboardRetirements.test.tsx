import type { RetirementAnalytics, RetirementRecord } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHoldingsPage, aRetirementRecord, anAnalytics, serialNumbersText } from '../../../features/credits/credits-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { DashboardRetirements } from './DashboardRetirements';

function serve({
  retirements = [aRetirementRecord()],
  analytics = anAnalytics(),
  failing = '',
  nextPage,
}: {
  retirements?: RetirementRecord[];
  analytics?: RetirementAnalytics;
  failing?: string;
  /** A second page of retirements, behind the first page's cursor. */
  nextPage?: RetirementRecord[];
} = {}) {
  return mockFetch(({ url }) => {
    if (url === failing) return jsonResponse({ error: 'InternalError', message: 'boom' }, 500);
    if (url === '/api/retirements') return jsonResponse({ retirements, nextCursor: nextPage ? 'page-2' : null });
    if (nextPage && url === '/api/retirements?cursor=page-2') return jsonResponse({ retirements: nextPage, nextCursor: null });
    if (url === '/api/enhanced-retirement/analytics') return jsonResponse(analytics);
    if (url.startsWith('/api/credits/holdings?')) return jsonResponse(aHoldingsPage(url, []));
    if (url === '/api/enhanced-retirement/monthly') return jsonResponse({ months: [{ month: '2026-11', retired: 250, retirementCount: 3 }] });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

function summaryProgress(): HTMLElement {
  return within(screen.getByTestId('retirement-summary')).getByRole('progressbar');
}

describe('DashboardRetirements', () => {
  it('shows the totals, the counts of standards and SDG goals and the progress toward 1,000 tCO2e', async () => {
    serve();
    renderWithProviders(<DashboardRetirements />);

    expect((await screen.findByTestId('retired-total')).textContent).toBe('250 tCO2e');
    expect(screen.getByTestId('retired-count').textContent).toBe('3');
    expect(screen.getByTestId('retired-standards').textContent).toBe('2');
    expect(screen.getByTestId('retired-sdg-goals').textContent).toBe('2');
    expect(screen.getByTestId('retired-progress-label').textContent).toBe('25%');
    expect(summaryProgress()).toHaveAttribute('aria-valuenow', '25');
  });

  it('draws the credits retired per month beside the totals', async () => {
    serve();
    renderWithProviders(<DashboardRetirements />);

    expect((await screen.findByTestId('retirements-per-month-total')).textContent).toBe('250 tCO2e retired in the last 1 month');
  });

  it('caps the progress at 100%', async () => {
    serve({ analytics: anAnalytics({ totalRetired: 2500 }) });
    renderWithProviders(<DashboardRetirements />);

    expect((await screen.findByTestId('retired-progress-label')).textContent).toBe('100%');
    expect(summaryProgress()).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows a record: details, impact, SDGs, verification link, IPFS CID and up to 3 serials then +N more', async () => {
    serve({ retirements: [aRetirementRecord({ amount: 5, serialNumbers: serialNumbersText(5) })] });
    renderWithProviders(<DashboardRetirements />);

    const record = await screen.findByTestId('retirement-record');
    expect(within(record).getByText('Sunfield Solar')).toBeInTheDocument();
    expect(within(record).getByText('Acme Corp')).toBeInTheDocument();
    expect(within(record).getByText('5 tCO2e')).toBeInTheDocument();
    expect(within(record).getByTestId('retirement-impact').textContent).toBe('5 tCO2e retired on behalf of Acme Corp');
    expect(
      within(record)
        .getAllByTestId('retirement-sdg')
        .map((badge) => badge.textContent),
    ).toEqual(['SDG 7', 'SDG 13']);
    expect(within(record).getByTestId('retirement-status').textContent).toBe('verified');
    expect(within(record).getByTestId('retirement-registry-link')).toHaveAttribute('href', '/retirements/3c9a7e52-8d1b-4f6a-9e2c-5b7d1a0f4e88');
    const cid = within(record).getByTestId('retirement-ipfs-cid');
    expect(cid.textContent).toBe(aRetirementRecord().ipfsCid);
    // The 59-character CID wraps inside the card on a phone; its whole value is also the title.
    expect(cid).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(cid).toHaveAttribute('title', aRetirementRecord().ipfsCid);
    const serials = within(record).getByTestId('retirement-serials');
    expect(within(serials).getAllByText(/^NXCC-SOLAR-2026-7F3A9C21-00000\d$/)).toHaveLength(3);
    for (const serial of within(serials).getAllByText(/^NXCC-/)) expect(serial).toHaveAttribute('title', serial.textContent);
    expect(within(record).getByTestId('retirement-serials-more').textContent).toBe('+2 more');
  });

  it("shows no '+N more' for 3 serials, reads plain-text serials and labels unverified records 'Pending'", async () => {
    serve({
      retirements: [
        aRetirementRecord({
          amount: 3,
          verificationStatus: 'pending',
          serialNumbers: 'S-1, S-2, S-3',
          certificateData: 'not json',
          sdgImpact: '',
        }),
      ],
    });
    renderWithProviders(<DashboardRetirements />);

    const record = await screen.findByTestId('retirement-record');
    expect(within(record).getByTestId('retirement-status').textContent).toBe('Pending');
    expect(within(record).getByText('S-3')).toBeInTheDocument();
    expect(within(record).queryByTestId('retirement-serials-more')).not.toBeInTheDocument();
  });

  it('shows the project-type distribution', async () => {
    serve();
    renderWithProviders(<DashboardRetirements />);

    await waitFor(() => expect(screen.getAllByTestId('project-type-row')).toHaveLength(2));
    expect(screen.getAllByTestId('project-type-row').map((row) => row.textContent)).toEqual(['Solar Energy200 tCO2e · 80%', 'Wind Energy50 tCO2e · 20%']);
    // The donut beside them draws the same sums; jsdom lays out no SVG, e2e/dashboard-xrpl checks its segments.
    expect(await screen.findByTestId('project-type-chart')).toBeInTheDocument();
  });

  it("shows 'No verified retirements found' without records", async () => {
    serve({ retirements: [], analytics: anAnalytics({ totalRetired: 0, retirementCount: 0, projectTypes: {}, standards: {}, sdgGoals: [] }) });
    renderWithProviders(<DashboardRetirements />);

    expect(await screen.findByText('No verified retirements found')).toBeInTheDocument();
  });

  it('loads the next page of records below the first on Load more, and offers no more after the last', async () => {
    const older = aRetirementRecord({ id: '7d2f0c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f', beneficiary: 'Older Ltd' });
    const requests = serve({ nextPage: [older] });
    renderWithProviders(<DashboardRetirements />);

    expect(await screen.findAllByTestId('retirement-record')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('retirement-record')).toHaveLength(2));
    expect(within(screen.getAllByTestId('retirement-record')[1]!).getByText('Older Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/retirements?cursor=page-2');
  });

  it('shows no Load more when the first page is the last', async () => {
    serve();
    renderWithProviders(<DashboardRetirements />);

    expect(await screen.findAllByTestId('retirement-record')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it.each(['/api/retirements', '/api/enhanced-retirement/analytics'])('says the data failed to load when %s fails', async (failing) => {
    serve({ failing });
    renderWithProviders(<DashboardRetirements />);

    expect(await screen.findByText('Failed to load retirement data. Please try again later.')).toBeInTheDocument();
  });
});
