import { fireEvent, screen, waitFor } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { anOrder } from '../../order-fixtures';
import { CreateOrderForm } from './CreateOrderForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

const currentYear = new Date().getFullYear();

function radio(label: string): HTMLInputElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not a radio input`);
  return element;
}

function submit(): void {
  fireEvent.click(screen.getByTestId('order-submit'));
}

describe('CreateOrderForm', () => {
  it('starts with the spec defaults', () => {
    renderWithProviders(<CreateOrderForm />);

    expect(radio('Buy').checked).toBe(true);
    expect(field('order-amount').value).toBe('0');
    expect(field('order-price').value).toBe('0');
    expect(field('order-project-type').value).toBe('Solar Energy');
    expect(field('order-vintage').value).toBe(String(currentYear));
  });

  it('refuses an order with amount and price 0, without a request', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderWithProviders(<CreateOrderForm />);

    submit();

    await expectToast('Invalid Order', 'Amount and price must be greater than 0');
    expect(requests).toHaveLength(0);
  });

  it('refuses a positive amount with a zero price', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderWithProviders(<CreateOrderForm />);

    typeInto('order-amount', '5');
    submit();

    await findToast('Invalid Order');
    expect(requests).toHaveLength(0);
  });

  it('posts the order, confirms it and resets the form', async () => {
    const requests = mockFetch(() => jsonResponse({ ...anOrder({ type: 'sell', amount: 5, price: '12.50' }), position: '10:10' }, 201));
    renderWithProviders(<CreateOrderForm />);

    fireEvent.click(radio('Sell'));
    typeInto('order-amount', '5');
    typeInto('order-price', '12.5');
    submit();

    await expectToast('Order Created', 'SELL order for 5 credits created successfully');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('/api/orders');
    expect(request?.method).toBe('POST');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({
      type: 'sell',
      amount: 5,
      price: '12.50',
      projectType: 'Solar Energy',
      vintage: currentYear,
    });

    await waitFor(() => expect(field('order-amount').value).toBe('0'));
    expect(field('order-price').value).toBe('0');
    expect(radio('Buy').checked).toBe(true);
  });

  it('a buy may ask for labelled credits only; the labels are not offered on a sell', async () => {
    const requests = mockFetch(() => jsonResponse({ ...anOrder({ type: 'buy', amount: 3, price: '20.00' }), position: '10:10' }, 201));
    renderWithProviders(<CreateOrderForm />);

    fireEvent.click(screen.getByLabelText('CORSIA eligible'));
    typeInto('order-amount', '3');
    typeInto('order-price', '20');
    submit();

    await expectToast('Order Created', 'BUY order for 3 credits created successfully');
    expect(requests[0]?.body).toEqual({
      type: 'buy',
      amount: 3,
      price: '20.00',
      projectType: 'Solar Energy',
      vintage: currentYear,
      labels: ['CORSIA eligible'],
    });
    fireEvent.click(radio('Sell'));
    expect(screen.queryByTestId('order-labels')).not.toBeInTheDocument();
  });

  it('two submissions of the same order are two requests with different Idempotency-Keys; a lost connection is retried with the same key', async () => {
    let calls = 0;
    const requests = mockFetch(() => {
      calls += 1;
      // The second submission's first attempt never gets an answer.
      return calls === 2
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse({ ...anOrder({ amount: 5, price: '12.50' }), position: '10:10' }, 201);
    });
    renderWithProviders(<CreateOrderForm />);

    for (let submission = 0; submission < 2; submission += 1) {
      typeInto('order-amount', '5');
      typeInto('order-price', '12.5');
      submit();
      await waitFor(() => expect(field('order-amount').value).toBe('0'));
    }

    const keys = requests.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(requests.map((request) => request.body)).toEqual(Array.from({ length: 3 }, () => requests[0]?.body));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it("shows the server's message when the order is refused", async () => {
    mockFetch(() => jsonResponse({ error: 'KycRequired', message: 'Complete KYC verification before trading' }, 403));
    renderWithProviders(<CreateOrderForm />);

    typeInto('order-amount', '5');
    typeInto('order-price', '12.5');
    submit();

    await expectToast('Order Failed', 'Complete KYC verification before trading');
    expect(field('order-amount').value).toBe('5');
  });

  it('falls back to the generic failure text without a server message', async () => {
    mockFetch(() => new Response('Bad gateway', { status: 502 }));
    renderWithProviders(<CreateOrderForm />);

    typeInto('order-amount', '5');
    typeInto('order-price', '1');
    submit();

    await expectToast('Order Failed', 'Failed to create order. Please try again.');
  });
});
