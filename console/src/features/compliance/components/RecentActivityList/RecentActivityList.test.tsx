import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { RecentActivityList } from './RecentActivityList';

describe('RecentActivityList', () => {
  it('lists a retirement with the credits it retired and their value, an order with its value', () => {
    renderWithProviders(
      <RecentActivityList
        activity={[
          { type: 'retirement', amount: 1_700, credits: 40, createdAt: '2026-11-26T10:00:00.000Z', isHighRisk: false },
          { type: 'order', amount: 425, credits: null, createdAt: '2026-11-26T09:00:00.000Z', isHighRisk: true },
        ]}
      />,
    );
    const [retirement, order] = screen.getAllByTestId('recent-activity-row') as [HTMLElement, HTMLElement];
    expect(within(retirement).getByText('retirement')).toBeInTheDocument();
    expect(within(retirement).getByTestId('recent-activity-credits')).toHaveTextContent('40 credits');
    expect(within(retirement).getByTestId('recent-activity-amount')).toHaveTextContent('$1,700.00');
    expect(within(order).queryByTestId('recent-activity-credits')).not.toBeInTheDocument();
    expect(within(order).getByTestId('recent-activity-amount')).toHaveTextContent('$425.00');
    expect(within(order).getByText('high risk')).toBeInTheDocument();
  });

  it("says '1 credit' for one credit and '2 credits' for two", () => {
    renderWithProviders(
      <RecentActivityList
        activity={[
          { type: 'retirement', amount: 42.5, credits: 1, createdAt: '2026-11-26T10:00:00.000Z', isHighRisk: false },
          { type: 'retirement', amount: 85, credits: 2, createdAt: '2026-11-26T09:00:00.000Z', isHighRisk: false },
        ]}
      />,
    );
    expect(screen.getAllByTestId('recent-activity-credits').map((credits) => credits.textContent)).toEqual(['1 credit', '2 credits']);
  });
});
