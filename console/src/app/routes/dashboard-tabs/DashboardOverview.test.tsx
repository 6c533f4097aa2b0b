import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { anActivity, someMetrics } from '../../../features/credits/metrics-fixtures';
import { DashboardOverview } from './DashboardOverview';

/** An unbroken 34-character classic address, wider than a phone's card at this font size. */
const longAddress = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY';

describe('DashboardOverview', () => {
  it('shows the four metrics from /api/metrics', async () => {
    const requests = mockFetch(() => jsonResponse(someMetrics()));
    renderWithProviders(<DashboardOverview />);

    await waitFor(() => expect(screen.getByTestId('metric-total-credits').textContent).toBe('12,500'));
    expect(screen.getByTestId('metric-portfolio-value').textContent).toBe('$53,125.50');
    expect(screen.getByTestId('metric-retired-credits').textContent).toBe('250');
    expect(screen.getByTestId('metric-co2-impact').textContent).toBe('250');
    expect(screen.getByText('Total Credits Issued')).toBeInTheDocument();
    expect(screen.getByText('Portfolio Value')).toBeInTheDocument();
    expect(screen.getByText('Credits Retired')).toBeInTheDocument();
    expect(screen.getByText('CO2 Tons Offset')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/metrics']);
  });

  it("shows 'No recent activity' without activity", async () => {
    mockFetch(() => jsonResponse(someMetrics()));
    renderWithProviders(<DashboardOverview />);

    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    expect(screen.queryByText('View All')).not.toBeInTheDocument();
  });

  it("shows the first 3 entries and all of them after 'View All'", async () => {
    mockFetch(() => jsonResponse(someMetrics({ recentActivity: [0, 1, 2, 3, 4].map((index) => anActivity(index)) })));
    renderWithProviders(<DashboardOverview />);

    await waitFor(() => expect(screen.getAllByTestId('recent-activity-item')).toHaveLength(3));
    expect(screen.getByText('Activity number 0')).toBeInTheDocument();
    expect(screen.getByText('10 credits')).toBeInTheDocument();
    expect(screen.queryByText('Activity number 3')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('View All'));
    expect(screen.getAllByTestId('recent-activity-item')).toHaveLength(5);

    fireEvent.click(screen.getByText('Show Less'));
    expect(screen.getAllByTestId('recent-activity-item')).toHaveLength(3);
  });

  it("says '1 credit' for one credit and '2 credits' for two", async () => {
    mockFetch(() => jsonResponse(someMetrics({ recentActivity: [anActivity(0, { amount: 1 }), anActivity(1, { amount: 2 })] })));
    renderWithProviders(<DashboardOverview />);

    await waitFor(() => expect(screen.getAllByTestId('recent-activity-amount').map((amount) => amount.textContent)).toEqual(['1 credit', '2 credits']));
  });

  it('lets an unbroken XRPL address in a description wrap instead of pushing the amount off the card', async () => {
    const description = `Retired 1 credit of Sunfield Solar for ${longAddress}`;
    mockFetch(() => jsonResponse(someMetrics({ recentActivity: [anActivity(0, { description, amount: 1 })] })));
    renderWithProviders(<DashboardOverview />);

    const text = await screen.findByText(description);
    expect(text).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(text).toHaveAttribute('title', description);
    expect(screen.getByTestId('recent-activity-amount')).toHaveStyle({ flexShrink: '0', whiteSpace: 'nowrap' });
  });

  it('shows the static Compliance Overview', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderWithProviders(<DashboardOverview />);

    expect(screen.getAllByTestId('compliance-framework').map((row) => row.textContent)).toEqual([
      'CSRD Verified',
      'ISSB Aligned',
      'UN SDG 13 Mapped',
      'CAD Trust Registered',
    ]);
    expect(screen.getByTestId('next-audit').textContent).toBe('March 15, 2025');
    expect(screen.getByTestId('metric-total-credits').textContent).toBe('—');
  });

  it('says why the metrics are missing when they fail to load', async () => {
    mockFetch(() => jsonResponse({ error: 'InternalError', message: 'Read models are rebuilding' }, 503));
    renderWithProviders(<DashboardOverview />);

    expect(await screen.findByTestId('metrics-error')).toHaveTextContent('Read models are rebuilding');
  });
});
