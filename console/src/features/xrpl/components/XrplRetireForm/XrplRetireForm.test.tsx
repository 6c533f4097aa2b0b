import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { aPrepareResponse, aRetireResponse, aSeed, aSigningAddress, anNftId, requestsTo, xrplApi } from '../../xrpl-fixtures';
import { renderActionForm } from '../../render-action-form';
import type { XrplActionFormProps } from '../../xrpl-action-submit';
import { XrplRetireForm } from './XrplRetireForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { typeInto } from '../../../../test/form-fields';

vi.mock('../../signing/browser-signer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../signing/browser-signer')>()),
  signerFromSeed: (await import('../../xrpl-fixtures')).fakeSignerFromSeed,
}));

const platformIssuer = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const payment = { TransactionType: 'Payment', Account: aSigningAddress, Destination: platformIssuer, Fee: '12', Sequence: 3, LastLedgerSequence: 90 };
const burn = { TransactionType: 'NFTokenBurn', Account: aSigningAddress, NFTokenID: anNftId, Fee: '12', Sequence: 4, LastLedgerSequence: 90 };

function renderForm(props: Partial<XrplActionFormProps> = {}) {
  return renderActionForm(XrplRetireForm, { platformIssuer: platformIssuer, ...props });
}

/** Signs and asks to retire 4 NXCC, with no NFT id. */
function retireFour(): void {
  typeInto('xrpl-retire-seed', aSeed);
  typeInto('xrpl-retire-amount', '4');
  fireEvent.click(screen.getByTestId('xrpl-retire-submit'));
}

describe('XrplRetireForm', () => {
  it('has a password owner seed, an optional NFT id and purpose, and the platform issuer', () => {
    renderForm();
    expect((screen.getByTestId('xrpl-retire-seed') as HTMLInputElement).type).toBe('password');
    expect((screen.getByTestId('xrpl-retire-issuer') as HTMLInputElement).value).toBe(platformIssuer);
    expect(screen.getByTestId('xrpl-retire-submit') as HTMLButtonElement).toBeEnabled();
  });

  it('is disabled without KYC and asks for it with the retiring message', async () => {
    const { onKycRequired } = renderForm({ kycPassed: false });
    expect(screen.getByTestId('xrpl-retire-submit') as HTMLButtonElement).toBeDisabled();
    typeInto('xrpl-retire-seed', aSeed);
    typeInto('xrpl-retire-amount', '4');
    fireEvent.submit(screen.getByTestId('xrpl-retire-form'));
    await expectToast('KYC Verification Required', 'Please complete KYC verification before retiring credits.');
    expect(onKycRequired).toHaveBeenCalled();
  });

  it('retires without an NFT id: the id is left out, the seed stays in the browser', async () => {
    const requests = mockFetch(
      xrplApi({
        '/api/xrpl/retire/prepare': () => jsonResponse(aPrepareResponse([payment], { tokenId: 'SOLAR-2026-C0FFEE01' })),
        '/api/xrpl/retire': () => jsonResponse(aRetireResponse(), 201),
      }),
    );
    const { queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    retireFour();

    await expectToast('Credits Retired Successfully', 'Burned 4 tokens');
    expect(requestsTo(requests, '/api/xrpl/retire/prepare')[0]?.body).toEqual({
      tokenAmount: 4,
      issuer: platformIssuer,
      purpose: '',
      use: 'voluntary',
      xrplAddress: aSigningAddress,
    });
    expect(requestsTo(requests, '/api/xrpl/retire')[0]?.body).toEqual({ preparation: 'sealed.preparation', signedTransactions: ['5349474E454403'] });
    expect(JSON.stringify(requests.map((request) => request.body))).not.toContain(aSeed);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'retirements'] });
    // The retired serials leave the vault.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'xrpl', 'reserves'] });
  });

  it('retires for a stated use, and shows the refusal naming what the vault lacks', async () => {
    const message = 'No credits in the vault may be retired for CORSIA: Batch SOLAR-2026-C0FFEE01 is not CORSIA eligible: its vintage is not eligible';
    const requests = mockFetch(xrplApi({ '/api/xrpl/retire/prepare': () => jsonResponse({ error: 'Conflict', message }, 409) }));
    renderForm();
    expect((screen.getByTestId('xrpl-retire-use') as HTMLInputElement).value).toBe('Voluntary');
    fireEvent.click(screen.getByTestId('xrpl-retire-use'));
    fireEvent.click(screen.getByRole('option', { name: 'CORSIA' }));
    retireFour();

    await expectToast('Retirement Failed', message);
    expect(requestsTo(requests, '/api/xrpl/retire/prepare')[0]?.body).toMatchObject({ tokenAmount: 4, use: 'corsia' });
    expect(requestsTo(requests, '/api/xrpl/retire')).toHaveLength(0);
  });

  it('sends the NFT id and purpose when given and signs the burn too', async () => {
    const requests = mockFetch(
      xrplApi({
        '/api/xrpl/retire/prepare': () => jsonResponse(aPrepareResponse([payment, burn])),
        '/api/xrpl/retire': () => jsonResponse(aRetireResponse({ nftBurnTxHash: anNftId.replace(/^0+/, '').padStart(64, 'A') }), 201),
      }),
    );
    renderForm();
    typeInto('xrpl-retire-seed', aSeed);
    typeInto('xrpl-retire-nft', ` ${anNftId.toLowerCase()} `);
    typeInto('xrpl-retire-amount', '4');
    typeInto('xrpl-retire-purpose', 'Scope 2 offset');
    fireEvent.click(screen.getByTestId('xrpl-retire-submit'));

    await findToast('Credits Retired Successfully');
    expect(requestsTo(requests, '/api/xrpl/retire/prepare')[0]?.body).toMatchObject({ nftId: anNftId, purpose: 'Scope 2 offset' });
    expect(requestsTo(requests, '/api/xrpl/retire')[0]?.body).toMatchObject({ signedTransactions: ['5349474E454403', '5349474E454404'] });
  });

  it('refuses a malformed NFT id before any request', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    typeInto('xrpl-retire-seed', aSeed);
    typeInto('xrpl-retire-nft', 'abc');
    typeInto('xrpl-retire-amount', '4');
    fireEvent.click(screen.getByTestId('xrpl-retire-submit'));
    await expectToast('Validation Error', 'NFT ID must be 64 hexadecimal characters');
    expect(requests).toHaveLength(0);
  });

  it('shows Retirement Failed with the server message, or the default', async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'You hold no registry credits to retire' }, 409));
    renderForm();
    retireFour();
    await expectToast('Retirement Failed', 'You hold no registry credits to retire');
  });

  it('shows the default retirement failure when the network is down', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    retireFour();
    await expectToast('Retirement Failed', 'Failed to retire credits');
  });
});
