import type { XrplNetwork } from '@carbon-ledger/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aBalanceResponse, aNetwork, aTransaction, aWallet, requestsTo, someMarketData, xrplApi, type XrplRoutes } from '../../xrpl-fixtures';
import { XrplWallets } from './XrplWallets';

const fourFundedWallets = [
  aWallet({ role: 'issuer', address: 'rIssuer111111111111111111111111111' }),
  aWallet({ role: 'market_maker', address: 'rMaker1111111111111111111111111111', creditBalance: '0' }),
  aWallet({ role: 'kyc_issuer', address: 'rKyc11111111111111111111111111111', creditBalance: '0' }),
  aWallet({ role: 'audit_anchor', address: 'rAudit111111111111111111111111111', creditBalance: '0' }),
];

function walletApi(network: XrplNetwork, overrides: XrplRoutes = {}): XrplRoutes {
  return {
    '/api/xrpl/network': () => jsonResponse(aNetwork(network)),
    '/api/xrpl/balance': () => jsonResponse(aBalanceResponse(fourFundedWallets, { network })),
    '/api/xrpl/transactions': () => jsonResponse({ transactions: [aTransaction()] }),
    '/api/xrpl/market-data': () => jsonResponse(someMarketData()),
    ...overrides,
  };
}

function cardOf(role: string): HTMLElement {
  const card = screen.getAllByTestId('wallet-card').find((element) => element.dataset.role === role);
  if (!card) throw new Error(`no card for ${role}`);
  return card;
}

async function firstHashCell(): Promise<HTMLElement> {
  const row = (await screen.findAllByTestId('transaction-row'))[0];
  if (!row) throw new Error('no transaction row');
  return within(row).getByTestId('transaction-hash');
}

describe('XrplWallets', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a card per platform wallet with role, status, address, balances and sequence', async () => {
    mockFetch(
      xrplApi(
        walletApi('sandbox', {
          '/api/xrpl/balance': () =>
            jsonResponse(
              aBalanceResponse([
                aWallet({ role: 'issuer', balance: '1234567.89', creditBalance: '100000', sequence: 9 }),
                aWallet({
                  role: 'audit_anchor',
                  status: 'unfunded',
                  address: 'rAudit111111111111111111111111111',
                  balance: '0.00',
                  creditBalance: undefined,
                  sequence: null,
                  error: 'Account not found on the ledger (not funded yet)',
                }),
              ]),
            ),
        }),
      ),
    );
    renderWithProviders(<XrplWallets />);

    await screen.findAllByTestId('wallet-card');
    const issuer = cardOf('issuer');
    expect(within(issuer).getByTestId('wallet-role').textContent).toBe('Credit Issuer');
    expect(within(issuer).getByTestId('wallet-status').textContent).toBe('Funded');
    expect(within(issuer).getByTestId('wallet-address').textContent).toBe('rIssuerAddress1111111111111111111');
    expect(within(issuer).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(within(issuer).getByTestId('wallet-balance').textContent).toBe('1,234,567.89 XRP');
    expect(within(issuer).getByTestId('wallet-credit-balance').textContent).toBe('100,000');
    expect(within(issuer).getByTestId('wallet-sequence').textContent).toBe('Sequence 9');
    expect(within(issuer).getByTestId('wallet-network-name').textContent).toBe('Sandbox XRP');
    expect(within(issuer).queryByTestId('wallet-error')).not.toBeInTheDocument();

    const anchor = cardOf('audit_anchor');
    expect(within(anchor).getByTestId('wallet-role').textContent).toBe('Audit Anchor');
    expect(within(anchor).getByTestId('wallet-status').textContent).toBe('Unfunded');
    expect(within(anchor).getByTestId('wallet-balance').textContent).toBe('0.00 XRP');
    expect(within(anchor).getByTestId('wallet-sequence').textContent).toBe('Sequence —');
    expect(within(anchor).getByTestId('wallet-error').textContent).toBe('Account not found on the ledger (not funded yet)');
  });

  it('summarises the wallets and opens the funding instructions while one is unfunded', async () => {
    mockFetch(
      xrplApi(
        walletApi('sandbox', {
          '/api/xrpl/balance': () =>
            jsonResponse(
              aBalanceResponse([aWallet(), aWallet({ role: 'kyc_issuer', status: 'unfunded', sequence: null })], {
                totalBalance: '1000.00',
              }),
            ),
        }),
      ),
    );
    renderWithProviders(<XrplWallets />);

    expect((await screen.findByTestId('wallet-total-balance')).textContent).toBe('1,000.00 XRP');
    expect(screen.getByTestId('wallet-funded-count').textContent).toBe('1/2');
    const status = screen.getByTestId('wallet-summary-status');
    expect(status.textContent).toBe('Needs Funding');
    expect(status.dataset.status).toBe('needs_funding');
    expect(screen.getByTestId('wallets-unfunded-alert')).toHaveTextContent(/^1 of 2 platform wallets is not funded yet;/);
    const instructions = screen.getByTestId('funding-instructions');
    expect(within(instructions).getByText('1 wallet needs funding')).toBeInTheDocument();
    expect(within(instructions).getByText('Fund each unfunded address below.')).toBeInTheDocument();
    expect(within(instructions).getByTestId('funding-note')).toHaveTextContent('Wallet seeds stay inside the service');
  });

  it('keeps the funding instructions folded away while every wallet is funded', async () => {
    mockFetch(xrplApi(walletApi('sandbox')));
    renderWithProviders(<XrplWallets />);

    expect((await screen.findByTestId('wallet-summary-status')).textContent).toBe('Operational');
    expect(screen.getByTestId('wallet-funded-count').textContent).toBe('4/4');
    expect(screen.queryByTestId('wallets-unfunded-alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Fund each unfunded address below.')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('funding-instructions-toggle'));

    expect(await screen.findByText('Fund each unfunded address below.')).toBeInTheDocument();
  });

  it('shows the connection error when the balances cannot be loaded', async () => {
    mockFetch(
      xrplApi(
        walletApi('sandbox', {
          '/api/xrpl/balance': () => jsonResponse({ error: 'ServiceUnavailable', message: 'no ledger' }, 503),
        }),
      ),
    );
    renderWithProviders(<XrplWallets />);

    const error = await screen.findByTestId('wallets-connection-error');
    expect(within(error).getByText('XRPL Connection Error')).toBeInTheDocument();
    expect(within(error).getByText('Failed to connect to XRPL network. Please check wallet configuration.')).toBeInTheDocument();
  });

  it('polls balances every 5 s and transactions every 10 s in live mode, and stops when live is off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = mockFetch(xrplApi(walletApi('sandbox')));
    renderWithProviders(<XrplWallets />);
    await screen.findAllByTestId('wallet-card');
    const toggle = screen.getByRole('switch', { name: 'Live' });
    expect(toggle).toHaveProperty('checked', true);
    expect(requestsTo(requests, '/api/xrpl/balance')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(requestsTo(requests, '/api/xrpl/balance')).toHaveLength(3));
    expect(requestsTo(requests, '/api/xrpl/transactions')).toHaveLength(2);

    fireEvent.click(toggle);
    expect(toggle).toHaveProperty('checked', false);
    await act(() => vi.advanceTimersByTimeAsync(30_000));

    expect(requestsTo(requests, '/api/xrpl/balance')).toHaveLength(3);
    expect(requestsTo(requests, '/api/xrpl/transactions')).toHaveLength(2);
  });

  it('reloads balances and transactions on Refresh', async () => {
    const requests = mockFetch(xrplApi(walletApi('sandbox')));
    renderWithProviders(<XrplWallets />);
    await screen.findAllByTestId('wallet-card');
    await screen.findAllByTestId('transaction-row');

    fireEvent.click(screen.getByTestId('wallets-refresh'));

    await waitFor(() => expect(requestsTo(requests, '/api/xrpl/balance')).toHaveLength(2));
    await waitFor(() => expect(requestsTo(requests, '/api/xrpl/transactions')).toHaveLength(2));
  });

  it('shows the empty transaction history', async () => {
    mockFetch(xrplApi(walletApi('sandbox', { '/api/xrpl/transactions': () => jsonResponse({ transactions: [] }) })));
    renderWithProviders(<XrplWallets />);

    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
  });

  it('lists transactions with type, wallet, status, amount and fee', async () => {
    mockFetch(
      xrplApi(
        walletApi('sandbox', {
          '/api/xrpl/transactions': () =>
            jsonResponse({
              transactions: [
                aTransaction(),
                aTransaction({
                  type: 'Payment',
                  walletRole: 'issuer',
                  status: 'tecPATH_DRY',
                  hash: 'F'.repeat(64),
                  amount: '5 NXCC',
                  fee: '0.00',
                }),
              ],
            }),
        }),
      ),
    );
    renderWithProviders(<XrplWallets />);

    const rows = await screen.findAllByTestId('transaction-row');
    const [ammCreate, payment] = rows;
    if (!ammCreate || !payment) throw new Error('two rows expected');
    expect(within(ammCreate).getByTestId('transaction-type').textContent).toBe('AMMCreate');
    expect(within(ammCreate).getByText('AMM Market Maker')).toBeInTheDocument();
    expect(within(ammCreate).getByTestId('transaction-status').textContent).toBe('Success');
    expect(within(ammCreate).getByTestId('transaction-status').dataset.color).toBe('green');
    expect(within(ammCreate).getByText('1,200,000.00 XRP')).toBeInTheDocument();
    expect(within(ammCreate).getByText('0.20 XRP')).toBeInTheDocument();
    expect(within(payment).getByTestId('transaction-status').textContent).toBe('tecPATH_DRY');
    expect(within(payment).getByTestId('transaction-status').dataset.color).toBe('red');
    expect(within(payment).getByText('< 0.01 XRP')).toBeInTheDocument();
  });

  it.each([
    ['mainnet', 'https://livenet.xrpl.org'],
    ['testnet', 'https://testnet.xrpl.org'],
    ['devnet', 'https://devnet.xrpl.org'],
  ] as const)('links transaction hashes to the %s explorer', async (network, base) => {
    mockFetch(xrplApi(walletApi(network)));
    renderWithProviders(<XrplWallets />);

    const hash = await firstHashCell();
    await waitFor(() => expect(hash.closest('a')).toHaveAttribute('href', `${base}/transactions/${aTransaction().hash}`));
    expect(hash.closest('a')).toHaveAttribute('target', '_blank');
    expect(hash.textContent).toBe('ABCDEF01…456789');
  });

  it('links to no explorer on the local sandbox', async () => {
    mockFetch(xrplApi(walletApi('sandbox')));
    renderWithProviders(<XrplWallets />);

    await waitFor(() => expect(screen.getByTestId('xrpl-network-badge').textContent).toBe('Sandbox'));
    const hash = await firstHashCell();
    expect(hash.closest('a')).not.toBeInTheDocument();
    expect(within(cardOf('issuer')).getByTestId('wallet-address').closest('a')).not.toBeInTheDocument();
  });

  it('falls back to the testnet explorer when the network is unknown', async () => {
    const unavailable = () => jsonResponse({ error: 'ServiceUnavailable', message: 'down' }, 503);
    mockFetch(xrplApi(walletApi('sandbox', { '/api/xrpl/network': unavailable, '/api/xrpl/balance': unavailable })));
    renderWithProviders(<XrplWallets />);

    const hash = await firstHashCell();
    await waitFor(() => expect(hash.closest('a')).toHaveAttribute('href', `https://testnet.xrpl.org/transactions/${aTransaction().hash}`));
    expect(screen.getByTestId('xrpl-network-badge').textContent).toBe('Unknown network');
  });

  it('shows the Sandbox badge and no market data off mainnet', async () => {
    const requests = mockFetch(xrplApi(walletApi('sandbox')));
    renderWithProviders(<XrplWallets />);

    await waitFor(() => expect(screen.getByTestId('xrpl-network-badge').textContent).toBe('Sandbox'));
    await screen.findAllByTestId('wallet-card');
    expect(screen.queryByTestId('xrp-market-data')).not.toBeInTheDocument();
    expect(screen.queryByTestId('wallet-compliance-status')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/xrpl/market-data')).toHaveLength(0);
  });

  it('shows market data, compliance status and USD values on mainnet', async () => {
    mockFetch(xrplApi(walletApi('mainnet')));
    renderWithProviders(<XrplWallets />);

    const market = await screen.findByTestId('xrp-market-data');
    expect(await within(market).findByText('$0.5234')).toBeInTheDocument();
    expect(within(market).getByTestId('xrp-change').textContent).toBe('-1.25%');
    expect(within(market).getByTestId('xrp-market-cap').textContent).toBe('$30.12B');
    expect(within(market).getByTestId('xrp-volume').textContent).toBe('$1.45B');
    expect(screen.getByTestId('xrpl-network-badge').textContent).toBe('Mainnet');
    expect(within(cardOf('issuer')).getByTestId('wallet-usd').textContent).toBe('≈ $523.40 USD');
    expect(screen.getByTestId('wallet-total-usd').textContent).toBe('≈ $523.40 USD');
    const compliance = screen.getByTestId('wallet-compliance-status');
    expect(within(compliance).getByTestId('compliance-issuer').textContent).toBe('Ready');
  });

  it('notes stale market data and survives a missing price source', async () => {
    mockFetch(xrplApi(walletApi('mainnet', { '/api/xrpl/market-data': () => jsonResponse(someMarketData({ stale: true })) })));
    renderWithProviders(<XrplWallets />);
    expect(await screen.findByTestId('xrp-market-data-updated')).toHaveTextContent('Stale');
  });

  it('says when mainnet has no price source', async () => {
    mockFetch(
      xrplApi(
        walletApi('mainnet', {
          '/api/xrpl/market-data': () =>
            jsonResponse({ error: 'ServiceUnavailable', message: 'XRP market data is unavailable: no price source is configured (XRP_PRICE_URL).' }, 503),
        }),
      ),
    );
    renderWithProviders(<XrplWallets />);

    expect(await screen.findByTestId('xrp-market-data-error')).toHaveTextContent('no price source is configured');
    expect(within(cardOf('issuer')).getByTestId('wallet-usd').textContent).toBe('USD value unavailable');
  });
});
