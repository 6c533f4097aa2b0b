import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { aPrepareResponse, aRedeemResponse, aSeed, aSigningAddress, aTxHash, aVaultTokenId, requestsTo, xrplApi } from '../../xrpl-fixtures';
import { renderActionForm } from '../../render-action-form';
import type { XrplActionFormProps } from '../../xrpl-action-submit';
import { XrplRedeemForm } from './XrplRedeemForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

vi.mock('../../signing/browser-signer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../signing/browser-signer')>()),
  signerFromSeed: (await import('../../xrpl-fixtures')).fakeSignerFromSeed,
}));

const platformIssuer = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const payment = {
  TransactionType: 'Payment',
  Account: aSigningAddress,
  Destination: platformIssuer,
  Amount: { currency: 'NXCC', issuer: platformIssuer, value: '6' },
  Fee: '12',
  Sequence: 8,
  LastLedgerSequence: 90,
};

function renderForm(props: Partial<XrplActionFormProps> = {}) {
  return renderActionForm(XrplRedeemForm, props);
}

function expectNoSeedSent(requests: RecordedRequest[]): void {
  const sent = JSON.stringify(requests.map((request) => request.body));
  expect(sent).not.toContain(aSeed);
  expect(sent).not.toMatch(/seed/i);
}

function serveRedeem(prepared = aPrepareResponse([payment], { tokenId: aVaultTokenId })) {
  return mockFetch(
    xrplApi({
      '/api/xrpl/redeem/prepare': () => jsonResponse(prepared),
      '/api/xrpl/redeem': () => jsonResponse(aRedeemResponse(), 201),
    }),
  );
}

/** Signs and asks to redeem 6 NXCC, leaving the batch to the vault. */
function redeemSix(): void {
  typeInto('xrpl-redeem-seed', aSeed);
  typeInto('xrpl-redeem-amount', '6');
  fireEvent.click(screen.getByTestId('xrpl-redeem-submit'));
}

describe('XrplRedeemForm', () => {
  it('has an amount, an optional token id and a password seed', () => {
    renderForm();
    expect(field('xrpl-redeem-seed').type).toBe('password');
    expect(screen.getByText('Token ID (optional)')).toBeInTheDocument();
    expect(screen.getByTestId('xrpl-redeem-submit')).toBeEnabled();
  });

  it.each([
    ['an address shorter than 25 characters', { xrplAddress: 'rShortAddress' }],
    ['no KYC', { kycPassed: false }],
  ])('disables the submit button with %s', (_, props) => {
    renderForm(props);
    expect(screen.getByTestId('xrpl-redeem-submit')).toBeDisabled();
  });

  it('asks for KYC with the redeeming message and sends nothing', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    const { onKycRequired } = renderForm({ kycPassed: false });
    typeInto('xrpl-redeem-seed', aSeed);
    typeInto('xrpl-redeem-amount', '6');
    fireEvent.submit(screen.getByTestId('xrpl-redeem-form'));
    await expectToast('KYC Verification Required', 'Please complete KYC verification before redeeming credits.');
    expect(onKycRequired).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['the seed', () => typeInto('xrpl-redeem-amount', '6'), 'Please fill in all required fields'],
    ['the amount', () => typeInto('xrpl-redeem-seed', aSeed), 'Please fill in all required fields'],
    [
      'a well-formed token id',
      () => {
        typeInto('xrpl-redeem-seed', aSeed);
        typeInto('xrpl-redeem-amount', '6');
        typeInto('xrpl-redeem-token', 'solar-26');
      },
      'Token ID must look like SOLAR-2026-7F3A9C21',
    ],
  ])('refuses the form without %s before any request', async (_, fill, message) => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fill();
    fireEvent.click(screen.getByTestId('xrpl-redeem-submit'));
    await expectToast('Validation Error', message);
    expect(requests).toHaveLength(0);
  });

  it('redeems without a token id: signs the NXCC payment in the browser, the seed stays there', async () => {
    const requests = serveRedeem();
    const { queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    redeemSix();

    await expectToast('Credits Redeemed', `6 NXCC redeemed for credits of ${aVaultTokenId}; transaction ${aTxHash.slice(0, 16)}...`);
    expect(requestsTo(requests, '/api/xrpl/redeem/prepare')[0]?.body).toEqual({ amount: 6, xrplAddress: aSigningAddress });
    expect(requestsTo(requests, '/api/xrpl/redeem')[0]?.body).toEqual({ preparation: 'sealed.preparation', signedTransactions: ['5349474E454408'] });
    expectNoSeedSent(requests);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'credits'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'xrpl', 'reserves'] });
    expect(field('xrpl-redeem-seed').value).toBe('');
  });

  it('asks for the given batch, upper-cased', async () => {
    const requests = serveRedeem();
    renderForm();
    typeInto('xrpl-redeem-seed', aSeed);
    typeInto('xrpl-redeem-amount', '6');
    typeInto('xrpl-redeem-token', ` ${aVaultTokenId.toLowerCase()} `);
    fireEvent.click(screen.getByTestId('xrpl-redeem-submit'));

    await findToast('Credits Redeemed');
    expect(requestsTo(requests, '/api/xrpl/redeem/prepare')[0]?.body).toEqual({ amount: 6, tokenId: aVaultTokenId, xrplAddress: aSigningAddress });
  });

  it('shows Redemption Failed with the server message', async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'The vault holds 2 credits of SOLAR-2026-C0FFEE01, 6 needed' }, 409));
    renderForm();
    redeemSix();
    await expectToast('Redemption Failed', 'The vault holds 2 credits of SOLAR-2026-C0FFEE01, 6 needed');
  });

  it('shows the default redemption failure when the network is down', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    redeemSix();
    await expectToast('Redemption Failed', 'Failed to redeem credits');
  });
});
