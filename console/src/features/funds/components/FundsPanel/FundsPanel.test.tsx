import type { FundsStatementResponse, FundsView } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { FundsPanel } from './FundsPanel';

const funds = (available: string, reserved = '0.00'): FundsView => ({
  currency: 'USD',
  available,
  reserved,
  depositAddress: 'rDepositAddress1111111111111111111',
  destinationTag: 4242,
});
const statement = (transfers: FundsStatementResponse['transfers'], nextCursor: string | null = null): FundsStatementResponse => ({
  userId: 'u1',
  currency: 'USD',
  transfers,
  total: transfers.length,
  nextCursor,
});
const aTransfer = (transferId: string, at: string): FundsStatementResponse['transfers'][number] => ({
  transferId,
  kind: 'deposit',
  amount: '10.00',
  status: 'posted',
  counterparty: 'platform:clearing',
  reference: 'A'.repeat(64),
  at,
});

describe('FundsPanel', () => {
  it('shows available and reserved, the deposit address with the tag and its QR code, and the statement', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/funds') return jsonResponse(funds('1234.50', '100.50'));
      if (url.startsWith('/api/funds/statement'))
        return jsonResponse(
          statement([
            {
              transferId: 't1',
              kind: 'reservation',
              amount: '-100.50',
              status: 'pending',
              counterparty: 'platform:order-settlement',
              reference: 'o1',
              at: '2026-11-26T10:00:00.000Z',
            },
            {
              transferId: 'd1',
              kind: 'deposit',
              amount: '1335.00',
              status: 'posted',
              counterparty: 'platform:clearing',
              reference: 'A'.repeat(64),
              at: '2026-11-26T09:00:00.000Z',
            },
          ]),
        );
      return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
    });
    renderWithProviders(<FundsPanel />);
    expect(await screen.findByTestId('funds-available')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('funds-reserved')).toHaveTextContent('$100.50');
    expect(screen.getByTestId('funds-deposit-address')).toHaveTextContent('rDepositAddress1111111111111111111');
    expect(screen.getByTestId('funds-destination-tag')).toHaveTextContent('4242');
    expect(screen.getByLabelText('Deposit address QR code')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('funds-transfer')).toHaveLength(2));
    expect(screen.getAllByTestId('funds-transfer')[0]).toHaveTextContent('-$100.50');
  });

  it('asks the sandbox faucet for test USD and shows the new balance', async () => {
    let available = '0.00';
    const requests = mockFetch(({ url, method }) => {
      if (url === '/api/funds/faucet' && method === 'POST') {
        available = '10000.00';
        return jsonResponse(funds(available));
      }
      if (url === '/api/funds') return jsonResponse(funds(available));
      if (url.startsWith('/api/funds/statement')) return jsonResponse(statement([]));
      return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
    });
    renderWithProviders(<FundsPanel />);
    expect(await screen.findByTestId('funds-available')).toHaveTextContent('$0.00');
    fireEvent.click(screen.getByTestId('funds-faucet'));
    await waitFor(() => expect(screen.getByTestId('funds-available')).toHaveTextContent('$10,000.00'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ amount: '10000.00' });
  });

  it('appends older transfers on Load more, ten a page, and offers no more after the last', async () => {
    const requests = mockFetch(({ url }) => {
      if (url === '/api/funds') return jsonResponse(funds('20.00'));
      if (url === '/api/funds/statement?limit=10') return jsonResponse(statement([aTransfer('d2', '2026-11-26T10:00:00.000Z')], 'page-2'));
      if (url === '/api/funds/statement?limit=10&cursor=page-2') return jsonResponse(statement([aTransfer('d1', '2026-11-26T09:00:00.000Z')]));
      return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
    });
    renderWithProviders(<FundsPanel />);

    await waitFor(() => expect(screen.getAllByTestId('funds-transfer')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('funds-transfer')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/funds/statement?limit=10&cursor=page-2');
  });
});
