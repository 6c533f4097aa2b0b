import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aKycStatus, anAddress } from '../../features/kyc/kyc-fixtures';
import { aBalanceResponse, aRegistryHolding, aVaultTokenId, aWallet, someReserves, xrplApi } from '../../features/xrpl/xrpl-fixtures';
import { aHoldingsPage } from '../../features/credits/credits-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { XrplTradingRoute } from './xrpl-trading';

const platformIssuer = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';

function serve(kyc = aKycStatus()) {
  return mockFetch(
    xrplApi({
      '/api/kyc/status': () => jsonResponse(kyc),
      '/api/xrpl/balance': () => jsonResponse(aBalanceResponse([aWallet({ role: 'issuer', address: platformIssuer })])),
      '/api/credits/holdings': (request) => jsonResponse(aHoldingsPage(request.url, [aRegistryHolding()])),
      '/api/xrpl/reserves': () => jsonResponse(someReserves()),
    }),
  );
}

function submitButton(testId: string): HTMLButtonElement {
  return screen.getByTestId(testId) as HTMLButtonElement;
}

async function enterAddress(address: string): Promise<void> {
  fireEvent.change(await screen.findByTestId('xrpl-address'), { target: { value: address } });
}

describe('XrplTradingRoute', () => {
  it("shows the realtime card, the KYC card and the spec's three tabs plus Vault, with actions off until an address is verified", async () => {
    serve();
    renderWithProviders(<XrplTradingRoute />, { path: '/xrpl' });

    expect(await screen.findByRole('heading', { name: 'XRPL Carbon Trading' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Issue Credits' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Trade AMM' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Retire' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Issue Credits', 'Trade AMM', 'Retire', 'Vault']);
    expect(screen.getByTestId('realtime-updates-empty').textContent).toBe('Waiting for blockchain activity...');
    expect(screen.getByTestId('kyc-status-card')).toBeInTheDocument();
    expect(submitButton('xrpl-issue-submit')).toBeDisabled();
  });

  it('keeps the actions off for an address without KYC and offers to start verification', async () => {
    serve(aKycStatus({ kycStatus: 'pending' }));
    renderWithProviders(<XrplTradingRoute />, { path: '/xrpl' });
    await enterAddress(anAddress);

    expect(await screen.findByTestId('kyc-start-link')).toBeInTheDocument();
    expect(submitButton('xrpl-issue-submit')).toBeDisabled();
  });

  it('enables issuing only with KYC and AML passed, trading with KYC verified', async () => {
    serve(aKycStatus({ kycStatus: 'verified', amlStatus: 'pending' }));
    renderWithProviders(<XrplTradingRoute />, { path: '/xrpl' });
    await enterAddress(anAddress);

    await waitFor(() => expect(within(screen.getByTestId('kyc-status-card')).getByTestId('kyc-status-badge')).toBeInTheDocument());
    expect(submitButton('xrpl-issue-submit')).toBeDisabled();
    fireEvent.click(screen.getByRole('tab', { name: 'Trade AMM' }));
    await waitFor(() => expect(submitButton('xrpl-trade-submit')).toBeEnabled());
    expect((screen.getByTestId('xrpl-trade-issuer') as HTMLInputElement).value).toBe(platformIssuer);
  });

  it('enables issuing for a verified and cleared address', async () => {
    serve(aKycStatus({ kycStatus: 'verified', amlStatus: 'cleared' }));
    renderWithProviders(<XrplTradingRoute />, { path: '/xrpl' });
    await enterAddress(anAddress);

    await waitFor(() => expect(submitButton('xrpl-issue-submit')).toBeEnabled());
  });

  it('offers tokenize and redeem on the Vault tab, with the holdings to tokenize and the proof of reserves, gated by KYC like trading', async () => {
    serve(aKycStatus({ kycStatus: 'verified', amlStatus: 'pending' }));
    renderWithProviders(<XrplTradingRoute />, { path: '/xrpl' });
    await enterAddress(anAddress);
    fireEvent.click(screen.getByRole('tab', { name: 'Vault' }));

    expect((await screen.findByTestId('vault-reserves-status')).textContent).toBe('Balanced');
    await waitFor(() => expect(submitButton('xrpl-tokenize-submit')).toBeEnabled());
    expect(submitButton('xrpl-redeem-submit')).toBeEnabled();
    fireEvent.click(await screen.findByTestId('xrpl-tokenize-token'));
    expect(await screen.findByRole('option', { name: `${aVaultTokenId} · Mojave Solar Farm (40 available)` })).toBeInTheDocument();
  });
});
