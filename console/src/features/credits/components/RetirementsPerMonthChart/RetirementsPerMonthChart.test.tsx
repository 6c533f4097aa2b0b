import type { RetirementsPerMonth } from '@carbon-ledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { RetirementsPerMonthChart } from './RetirementsPerMonthChart';

function twelveMonths(): RetirementsPerMonth {
  return {
    months: Array.from({ length: 12 }, (_, index) => ({
      month: `2026-${String(index + 1).padStart(2, '0')}`,
      retired: index === 10 ? 1200 : index === 11 ? 305 : 0,
      retirementCount: index >= 10 ? 1 : 0,
    })),
  };
}

describe('RetirementsPerMonthChart', () => {
  it('asks the read model for the monthly sums and draws them, with the 12-month total', async () => {
    const requests = mockFetch(({ url }) =>
      url === '/api/enhanced-retirement/monthly' ? jsonResponse(twelveMonths()) : jsonResponse({ error: 'NotFound', message: 'not found' }, 404),
    );
    renderWithProviders(<RetirementsPerMonthChart />);

    expect(await screen.findByTestId('retirements-per-month-total')).toHaveTextContent('1,505 tCO2e retired in the last 12 months');
    expect(await screen.findByTestId('retirements-per-month-chart')).toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/enhanced-retirement/monthly');
  });

  it('says so when the monthly sums fail to load', async () => {
    mockFetch(() => jsonResponse({ error: 'InternalError', message: 'boom' }, 500));
    renderWithProviders(<RetirementsPerMonthChart />);

    expect(await screen.findByTestId('retirements-per-month-error')).toHaveTextContent('Failed to load retirements per month.');
  });
});
