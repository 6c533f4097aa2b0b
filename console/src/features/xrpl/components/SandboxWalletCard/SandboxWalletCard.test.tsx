import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { SandboxWalletCard } from './SandboxWalletCard';

// xrpl.js refuses jsdom's typed arrays, so the card gets a known key pair here; generateBrowserWallet is tested under Node and in Chromium.
const knownWallet = { address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', seed: 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb' };
const generateWallet = () => Promise.resolve(knownWallet);

describe('SandboxWalletCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on the sandbox: generates the wallet in the browser, sends only its address to the faucet, shows the seed once with a copy button and a warning', async () => {
    const requests = mockFetch(({ body }) =>
      jsonResponse({ address: (body as { address: string }).address, amountXrp: 1000, txHash: 'AB'.repeat(32), grantsLeft: 2 }, 201),
    );
    const onCreated = vi.fn();
    renderWithProviders(<SandboxWalletCard network="sandbox" onCreated={onCreated} generateWallet={generateWallet} />);

    fireEvent.click(screen.getByTestId('sandbox-wallet-create'));

    const seed = await screen.findByTestId('sandbox-wallet-seed', {}, { timeout: 10_000 });
    expect(seed.textContent).toBe(knownWallet.seed);
    const [request] = requests;
    expect(request?.url).toBe('/api/xrpl/faucet');
    expect(request?.method).toBe('POST');
    expect(Object.keys(request?.body as object)).toEqual(['address']);
    const address = (request?.body as { address: string }).address;
    expect(address).toBe(knownWallet.address);
    expect(JSON.stringify(request?.body)).not.toContain(seed.textContent);
    expect(onCreated).toHaveBeenCalledWith(address);
    expect(screen.getByTestId('sandbox-wallet-warning')).toHaveTextContent('It is shown once and never sent to the server');
    expect(screen.getByTestId('sandbox-wallet-copy-seed')).toHaveTextContent('Copy seed');
    expect(screen.getByText('Funded with 1,000 XRP from the sandbox faucet.')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('sandbox-wallet-saved'));
    await waitFor(() => expect(screen.queryByTestId('sandbox-wallet-seed')).not.toBeInTheDocument());
    expect(screen.getByTestId('sandbox-wallet-create')).toBeInTheDocument();
  });

  it('shows the faucet’s refusal (rate limit) and keeps no wallet', async () => {
    mockFetch(() => jsonResponse({ error: 'TooManyRequests', message: 'The sandbox faucet funds 3 wallets per user in 24 hours' }, 429));
    const onCreated = vi.fn();
    renderWithProviders(<SandboxWalletCard network="sandbox" onCreated={onCreated} generateWallet={generateWallet} />);
    fireEvent.click(screen.getByTestId('sandbox-wallet-create'));
    expect(await screen.findByTestId('sandbox-wallet-error', {}, { timeout: 10_000 })).toHaveTextContent('3 wallets per user in 24 hours');
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.queryByTestId('sandbox-wallet-seed')).not.toBeInTheDocument();
  });

  it('on testnet links to the public faucet, on mainnet offers nothing', () => {
    mockFetch(() => jsonResponse({}));
    const { unmount } = renderWithProviders(<SandboxWalletCard network="testnet" onCreated={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Get one from the public testnet faucet' })).toHaveAttribute(
      'href',
      'https://xrpl.org/resources/dev-tools/xrp-faucets',
    );
    expect(screen.queryByTestId('sandbox-wallet-create')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<SandboxWalletCard network="mainnet" onCreated={vi.fn()} />);
    expect(screen.queryByTestId('public-faucet')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-wallet')).not.toBeInTheDocument();
  });
});
