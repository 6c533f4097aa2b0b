import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aQuote } from '../../xrpl-fixtures';
import { SwapQuoteForm } from './SwapQuoteForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { field } from '../../../../test/form-fields';

function typeAmount(value: string): void {
  fireEvent.change(screen.getByTestId('swap-amount'), { target: { value } });
}

function chooseAsset(testId: 'swap-from' | 'swap-to', asset: string): void {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(screen.getByRole('option', { name: asset }));
}

function getQuote(): void {
  fireEvent.click(screen.getByRole('button', { name: 'Get Quote' }));
}

describe('SwapQuoteForm', () => {
  it('offers XRP and NXCC, from XRP to NXCC by default, with the spec step and minimum', () => {
    renderWithProviders(<SwapQuoteForm />);

    // Arrow keys step by 0.000001 and stop at the minimum 0.
    typeAmount('0');
    fireEvent.keyDown(field('swap-amount'), { key: 'ArrowUp' });
    expect(field('swap-amount').value).toBe('0.000001');
    fireEvent.keyDown(field('swap-amount'), { key: 'ArrowDown' });
    fireEvent.keyDown(field('swap-amount'), { key: 'ArrowDown' });
    expect(field('swap-amount').value).toBe('0');
    expect(field('swap-from').value).toBe('XRP');
    expect(field('swap-to').value).toBe('NXCC');
    fireEvent.click(screen.getByTestId('swap-from'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['XRP', 'NXCC']);
    expect(screen.getByTestId('swap-quote-none')).toBeInTheDocument();
  });

  it.each(['', '0'])('refuses the amount "%s" with the Invalid Amount toast and no request', async (value) => {
    const requests = mockFetch(() => jsonResponse(aQuote()));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount(value);
    getQuote();

    await expectToast('Invalid Amount', 'Please enter a valid positive number');
    expect(requests).toHaveLength(0);
  });

  it('refuses the same asset on both sides with the Invalid Swap toast and no request', async () => {
    const requests = mockFetch(() => jsonResponse(aQuote()));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount('100');
    chooseAsset('swap-to', 'XRP');
    getQuote();

    await expectToast('Invalid Swap', 'Source and destination assets cannot be the same');
    expect(requests).toHaveLength(0);
  });

  it('asks the pool for a quote and shows output, max input, SDG impact and message', async () => {
    const requests = mockFetch(() => jsonResponse(aQuote()));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount('100');
    getQuote();

    const panel = await screen.findByTestId('swap-quote-panel');
    expect(within(panel).getByTestId('swap-quote-output').textContent).toBe('8.283306 NXCC');
    expect(within(panel).getByTestId('swap-quote-max-input').textContent).toBe('101 XRP');
    expect(within(panel).getByTestId('swap-quote-sdg-impact').textContent).toBe('SDG 13 Climate Action: 8.28 tCO2e of verified credits');
    expect(within(panel).getByTestId('swap-quote-message')).toHaveTextContent('100 XRP buys about 8.283306 NXCC');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/xrpl/swap-path?from=XRP&to=NXCC&amount=100');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.credentials).toBe('include');
    expect(screen.queryByTestId('swap-quote-error')).not.toBeInTheDocument();
  });

  it('drops the previous quote when the next inputs are invalid', async () => {
    mockFetch(() => jsonResponse(aQuote()));
    renderWithProviders(<SwapQuoteForm />);
    typeAmount('100');
    getQuote();
    await screen.findByTestId('swap-quote-panel');

    typeAmount('0');
    getQuote();

    await findToast('Invalid Amount');
    expect(screen.queryByTestId('swap-quote-panel')).not.toBeInTheDocument();
    expect(screen.getByTestId('swap-quote-none')).toBeInTheDocument();
  });

  it('quotes the reverse direction after the assets are swapped', async () => {
    const requests = mockFetch(() => jsonResponse(aQuote()));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount('2.5');
    fireEvent.click(screen.getByTestId('swap-reverse'));
    getQuote();

    await screen.findByTestId('swap-quote-panel');
    expect(requests[0]?.url).toBe('/api/xrpl/swap-path?from=NXCC&to=XRP&amount=2.5');
  });

  it('shows Quote Failed and the panel text when the service refuses the request', async () => {
    mockFetch(() => jsonResponse({ error: 'ValidationFailed', message: 'Invalid Amount - Please enter a valid positive number' }, 400));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount('100');
    getQuote();

    await expectToast('Quote Failed', 'Failed to get swap quote. Please check your inputs.');
    expect((await screen.findByTestId('swap-quote-error')).textContent).toBe('Unable to generate quote. Please check pool liquidity and try again.');
    expect(screen.queryByTestId('swap-quote-panel')).not.toBeInTheDocument();
  });

  it('shows Quote Error when the service fails', async () => {
    mockFetch(() => jsonResponse({ error: 'ServiceUnavailable', message: 'down' }, 503));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount('100');
    getQuote();

    await expectToast('Quote Error', 'Unable to get swap quote. Please try again.');
    expect(await screen.findByTestId('swap-quote-error')).toBeInTheDocument();
  });

  it('shows Quote Error when the network is down', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<SwapQuoteForm />);

    typeAmount('100');
    getQuote();

    await findToast('Quote Error');
  });
});
