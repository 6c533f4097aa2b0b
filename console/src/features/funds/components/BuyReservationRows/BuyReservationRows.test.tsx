import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { BuyReservationRows } from './BuyReservationRows';

describe('BuyReservationRows', () => {
  it("shows a buy's cost at the limit with the fee rounded up to the cent, and the available funds", () => {
    renderWithProviders(
      <BuyReservationRows
        order={{ side: 'buy', amount: 250, limitCents: 4250 }}
        availableFunds="10000"
        testIdPrefix="marketplace"
        reservationLabel="Reserved with the fee"
      />,
    );

    // 250 × 42.50 = 10,625.00, fee 53.125 → 53.13.
    expect(screen.getByText('Reserved with the fee')).toBeInTheDocument();
    expect(screen.getByTestId('marketplace-cost-with-fee')).toHaveTextContent('$10,678.13');
    expect(screen.getByTestId('marketplace-available-funds')).toHaveTextContent('$10,000.00');
  });

  it('shows no reservation for a sell and no funds row while the funds are unknown', () => {
    renderWithProviders(
      <BuyReservationRows order={{ side: 'sell', amount: 5, limitCents: 1000 }} availableFunds={undefined} testIdPrefix="order" reservationLabel="Reserved" />,
    );

    expect(screen.queryByTestId('order-cost-with-fee')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-available-funds')).not.toBeInTheDocument();
  });
});
