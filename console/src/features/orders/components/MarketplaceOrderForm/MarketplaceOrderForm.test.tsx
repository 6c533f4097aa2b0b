import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import type { MarketSelection } from '../../api/get-marketplace';
import { anOrder } from '../../order-fixtures';
import { MarketplaceOrderForm } from './MarketplaceOrderForm';
import { expectToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

const accountId = '5f0c2a8e-3b7d-4e1f-9c6a-2d8b4e6f1a3c';

function Harness() {
  const [market, setMarket] = useState<MarketSelection>({ creditType: 'solar', vintage: 2025 });
  return <MarketplaceOrderForm market={market} onMarketChange={setMarket} accountId={accountId} />;
}

function choose(testId: string, option: string): void {
  fireEvent.click(field(testId));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

function submitButton(): HTMLButtonElement {
  return screen.getByTestId('marketplace-submit') as HTMLButtonElement;
}

describe('MarketplaceOrderForm', () => {
  it('starts as a buy of 1 credit at 42.50 for the signed-in account, read-only', () => {
    renderWithProviders(<Harness />);

    expect(submitButton().textContent).toBe('Execute Buy Order');
    expect(field('marketplace-quantity').value).toBe('1');
    expect(field('marketplace-price').value).toBe('42.5');
    expect(field('marketplace-credit-type').value).toBe('Solar Credits');
    expect(field('marketplace-vintage').value).toBe('2025');
    expect(screen.getByLabelText('Buyer Account ID')).toBe(field('marketplace-account-id'));
    expect(field('marketplace-account-id').value).toBe(accountId);
    expect(field('marketplace-account-id').readOnly).toBe(true);
  });

  it('follows the mode: Sell relabels the account and the submit button', () => {
    renderWithProviders(<Harness />);

    fireEvent.click(screen.getByTestId('marketplace-sell'));

    expect(submitButton().textContent).toBe('Execute Sell Order');
    expect(screen.getByLabelText('Seller Account ID')).toBeInTheDocument();
    expect(screen.getByTestId('marketplace-sell')).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows Total Cost as quantity x price and a 0.5% Platform Fee, 2 decimals', () => {
    renderWithProviders(<Harness />);

    typeInto('marketplace-quantity', '250');
    typeInto('marketplace-price', '42.5');

    expect(screen.getByTestId('marketplace-total-cost').textContent).toBe('$10,625.00');
    expect(screen.getByTestId('marketplace-platform-fee').textContent).toBe('$53.13');
  });

  it('shows the Platform Fee the buy reserves and is charged: rounded up to the cent, not to the nearest', () => {
    renderWithProviders(<Harness />);

    typeInto('marketplace-quantity', '1');
    typeInto('marketplace-price', '100.10');

    // 0.5% of $100.10 is 50.05 cents; the cash ledger charges 51 (docs/funds.md).
    expect(screen.getByTestId('marketplace-platform-fee').textContent).toBe('$0.51');
  });

  it('refuses a quantity below 1 without a request', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderWithProviders(<Harness />);

    typeInto('marketplace-quantity', '0');
    fireEvent.click(submitButton());

    await expectToast('Invalid Order', 'Amount and price must be greater than 0');
    expect(requests).toHaveLength(0);
  });

  it('posts the order for the chosen market and tells how much filled', async () => {
    let answer: (response: Response) => void = () => undefined;
    const requests = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderWithProviders(<Harness />);

    fireEvent.click(screen.getByTestId('marketplace-sell'));
    choose('marketplace-credit-type', 'Wind Credits');
    choose('marketplace-vintage', '2024');
    typeInto('marketplace-quantity', '10');
    typeInto('marketplace-price', '12.5');
    typeInto('marketplace-token-id', 'WIND-2024-0A1B2C3D');
    fireEvent.click(submitButton());

    await waitFor(() => expect(submitButton().textContent).toBe('Executing Trade...'));
    expect(submitButton()).toBeDisabled();
    expect(requests[0]?.url).toBe('/api/orders');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({ type: 'sell', amount: 10, price: '12.50', projectType: 'Wind Energy', vintage: 2024 });

    answer(
      jsonResponse(
        {
          ...anOrder({ type: 'sell', amount: 10, price: '12.50', projectType: 'Wind Energy', vintage: 2024, filled: 4, status: 'partially_filled' }),
          position: '9:9',
        },
        201,
      ),
    );

    await expectToast('Order Created', 'SELL order for 10 credits created successfully (4 of 10 filled)');
    await waitFor(() => expect(submitButton().textContent).toBe('Execute Sell Order'));
  });

  it('names what self-trade prevention cancelled in the toast', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          ...anOrder({ type: 'buy', amount: 2, price: '99.50', filled: 0, status: 'cancelled' }),
          position: '9:9',
          notFilled: '2 not filled: your own sell order at 99.50',
        },
        201,
      ),
    );
    renderWithProviders(<Harness />);
    typeInto('marketplace-quantity', '2');
    typeInto('marketplace-price', '99.5');
    fireEvent.click(submitButton());

    await expectToast('Order Created', 'BUY order for 2 credits created successfully (0 of 2 filled). 2 not filled: your own sell order at 99.50');
  });

  it("shows the server's message when the order is refused", async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'Not enough Wind Energy 2025 credits to sell' }, 409));
    renderWithProviders(<Harness />);

    fireEvent.click(screen.getByTestId('marketplace-sell'));
    fireEvent.click(submitButton());

    await expectToast('Order Failed', 'Not enough Wind Energy 2025 credits to sell');
  });
});
