import type { HoldingView } from '@carbon-ledger/contracts';
import { Select } from '@mantine/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import {
  aPaymentTxHash,
  aRegistryHolding,
  aSeed,
  aSigningAddress,
  aTokenizePrepareResponse,
  aTokenizeResponse,
  aTxHash,
  aVaultTokenId,
  anotherAddress,
  requestsTo,
  xrplApi,
} from '../../xrpl-fixtures';
import { renderActionForm } from '../../render-action-form';
import { type HoldingPickerField, XrplTokenizeForm, type XrplTokenizeFormProps } from './XrplTokenizeForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

vi.mock('../../signing/browser-signer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../signing/browser-signer')>()),
  signerFromSeed: (await import('../../xrpl-fixtures')).fakeSignerFromSeed,
}));

const platformIssuer = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const trustSet = {
  TransactionType: 'TrustSet',
  Account: aSigningAddress,
  LimitAmount: { currency: 'NXCC', issuer: platformIssuer, value: '1000000000' },
  Fee: '12',
  Sequence: 7,
  LastLedgerSequence: 90,
};
const holdingLabel = `${aVaultTokenId} · Mojave Solar Farm (40 available)`;

/**
 * The screen brings the picker of the user's holdings (the credits feature's, tested there); here a
 * plain select of `holdings` stands in for it, and without holdings the token id is typed.
 */
function renderForm({ holdings = [aRegistryHolding()], ...props }: Partial<XrplTokenizeFormProps> & { holdings?: HoldingView[] | null } = {}) {
  const picker = holdings
    ? ({ onHoldingChange, onChange, ...field }: HoldingPickerField) => (
        <Select
          label="Token ID"
          data-testid="xrpl-tokenize-token"
          data={holdings.map((holding) => ({ value: holding.tokenId, label: `${holding.tokenId} · ${holding.projectName} (${holding.tradable} available)` }))}
          onChange={(tokenId) => {
            onHoldingChange(holdings.find((holding) => holding.tokenId === tokenId));
            onChange(tokenId);
          }}
          {...field}
        />
      )
    : undefined;
  return renderActionForm((formProps) => <XrplTokenizeForm {...formProps} holdingPicker={picker} />, props);
}

function chooseHolding(label = holdingLabel): void {
  fireEvent.click(field('xrpl-tokenize-token'));
  fireEvent.click(screen.getByRole('option', { name: label }));
}

function fillIn({ seed = aSeed, amount = '25' } = {}): void {
  chooseHolding();
  typeInto('xrpl-tokenize-amount', amount);
  typeInto('xrpl-tokenize-seed', seed);
}

async function expectValidationToast(message: string | RegExp): Promise<void> {
  await expectToast('Validation Error', message);
}

function expectNoSeedSent(requests: RecordedRequest[]): void {
  const sent = JSON.stringify(requests.map((request) => request.body));
  expect(sent).not.toContain(aSeed);
  expect(sent).not.toMatch(/seed/i);
}

function serveTokenize(prepared = aTokenizePrepareResponse(), tokenized = aTokenizeResponse()) {
  return mockFetch(
    xrplApi({
      '/api/xrpl/tokenize/prepare': () => jsonResponse(prepared),
      '/api/xrpl/tokenize': () => jsonResponse(tokenized, 201),
    }),
  );
}

describe('XrplTokenizeForm', () => {
  it('takes the token id from the holdings picker, shows what the pick has available, and a password seed that says it only signs the trust line', () => {
    renderForm();
    const seed = field('xrpl-tokenize-seed');
    expect(seed.type).toBe('password');
    expect(screen.getByText('Used in your browser only to sign the NXCC trust line when your address has none.')).toBeInTheDocument();
    fireEvent.click(field('xrpl-tokenize-token'));
    fireEvent.click(screen.getByRole('option', { name: holdingLabel }));
    expect(screen.getByText('40 available')).toBeInTheDocument();
  });

  it.each([
    ['an address shorter than 25 characters', { xrplAddress: 'rShortAddress' }],
    ['no KYC', { kycPassed: false }],
  ])('disables the submit button with %s', (_, props) => {
    renderForm(props);
    expect(screen.getByTestId('xrpl-tokenize-submit')).toBeDisabled();
  });

  it('checks in the spec order: address, then KYC, then the seed, then the fields, and sends nothing until all pass', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    const { unmount } = renderForm({ xrplAddress: 'not-an-xrpl-address-but-long-enough', kycPassed: false });
    fireEvent.submit(screen.getByTestId('xrpl-tokenize-form'));
    await expectValidationToast('Please enter a valid XRPL address');
    unmount();

    const { onKycRequired, unmount: unmountKyc } = renderForm({ kycPassed: false });
    fireEvent.submit(screen.getByTestId('xrpl-tokenize-form'));
    const kycToast = await findToast('KYC Verification Required');
    expect(within(kycToast).getByText('Please complete KYC verification before tokenizing credits.')).toBeInTheDocument();
    expect(onKycRequired).toHaveBeenCalledTimes(1);
    unmountKyc();

    // The seed is missing and the token id malformed: the seed is named first.
    const { unmount: unmountSeed } = renderForm({ holdings: null });
    typeInto('xrpl-tokenize-token', 'solar-26');
    typeInto('xrpl-tokenize-amount', '25');
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectValidationToast('Please fill in all required fields');
    unmountSeed();

    renderForm({ holdings: null });
    typeInto('xrpl-tokenize-token', 'solar-26');
    typeInto('xrpl-tokenize-amount', '25');
    typeInto('xrpl-tokenize-seed', aSeed);
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectValidationToast('Token ID must look like SOLAR-2026-7F3A9C21');
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['without a token id', () => typeInto('xrpl-tokenize-amount', '25'), 'Please fill in all required fields'],
    ['without an amount', () => chooseHolding(), 'Please fill in all required fields'],
  ])('refuses the form %s before any request', async (_, fill, message) => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fill();
    typeInto('xrpl-tokenize-seed', aSeed);
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectValidationToast(message);
    expect(requests).toHaveLength(0);
  });

  it('tokenizes with nothing to sign when the address has its trust line: no seed in any request', async () => {
    const requests = serveTokenize();
    const { queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));

    await expectToast('Credits Tokenized', `25 credits of ${aVaultTokenId} are in the vault; NXCC payment ${aPaymentTxHash.slice(0, 16)}...`);
    expect(requestsTo(requests, '/api/xrpl/tokenize/prepare')[0]?.body).toEqual({ tokenId: aVaultTokenId, amount: 25, xrplAddress: aSigningAddress });
    expect(requestsTo(requests, '/api/xrpl/tokenize')[0]?.body).toEqual({ preparation: 'sealed.preparation', signedTransactions: [] });
    expectNoSeedSent(requests);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'credits'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'portfolios'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'xrpl', 'reserves'] });
    expect(field('xrpl-tokenize-seed').value).toBe('');
  });

  it('signs the NXCC trust line in the browser when the service prepares one', async () => {
    const requests = serveTokenize(aTokenizePrepareResponse([trustSet]), aTokenizeResponse({ trustSetTxHash: aTxHash }));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));

    await findToast('Credits Tokenized');
    expect(requestsTo(requests, '/api/xrpl/tokenize')[0]?.body).toEqual({ preparation: 'sealed.preparation', signedTransactions: ['5349474E454407'] });
    expectNoSeedSent(requests);
  });

  it('takes a typed token id, upper-cased, while the holdings are unknown', async () => {
    const requests = serveTokenize();
    renderForm({ holdings: null });
    expect(field('xrpl-tokenize-token').placeholder).toBe('SOLAR-2026-7F3A9C21');
    typeInto('xrpl-tokenize-token', ` ${aVaultTokenId.toLowerCase()} `);
    typeInto('xrpl-tokenize-amount', '25');
    typeInto('xrpl-tokenize-seed', aSeed);
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));

    await findToast('Credits Tokenized');
    expect(requestsTo(requests, '/api/xrpl/tokenize/prepare')[0]?.body).toMatchObject({ tokenId: aVaultTokenId });
  });

  it('refuses a seed of another account before asking the service', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fillIn({ seed: 'sEdSomeoneElsesSeed111111111' });
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectToast('Wrong Wallet Seed', new RegExp(`signs for ${anotherAddress}, not for ${aSigningAddress}`));
    expect(requests).toHaveLength(0);
  });

  it('shows Tokenization Failed when the ledger refused the NXCC payment', async () => {
    serveTokenize(aTokenizePrepareResponse(), aTokenizeResponse({ paymentResult: 'tecPATH_DRY', paymentTxHash: undefined }));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectToast('Tokenization Failed', 'The NXCC payment was not applied (tecPATH_DRY); the credits go back to your registry account.');
  });

  it('shows Tokenization Failed with the server message', async () => {
    mockFetch(() =>
      jsonResponse({ error: 'Conflict', message: `Insufficient credits: the account holds 10 tradable ${aVaultTokenId} credits, 25 needed` }, 409),
    );
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectToast('Tokenization Failed', /Insufficient credits: the account holds 10 tradable/);
  });

  it('shows the default tokenization failure when the network is down', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-tokenize-submit'));
    await expectToast('Tokenization Failed', 'Failed to tokenize credits');
  });
});
