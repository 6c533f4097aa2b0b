import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { aPrepareResponse, aSeed, aSigningAddress, anIssueResponse, anNftId, anotherAddress, requestsTo, xrplApi } from '../../xrpl-fixtures';
import { renderActionForm } from '../../render-action-form';
import type { XrplActionFormProps } from '../../xrpl-action-submit';
import { XrplIssueForm } from './XrplIssueForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { typeInto } from '../../../../test/form-fields';

vi.mock('../../signing/browser-signer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../signing/browser-signer')>()),
  signerFromSeed: (await import('../../xrpl-fixtures')).fakeSignerFromSeed,
}));

const mint = {
  TransactionType: 'NFTokenMint',
  Account: aSigningAddress,
  NFTokenTaxon: 2026,
  Flags: 9,
  URI: '6E7863633A636572743A61',
  Fee: '12',
  Sequence: 5,
  LastLedgerSequence: 120,
};

function renderForm(props: Partial<XrplActionFormProps> = {}) {
  return renderActionForm(XrplIssueForm, props);
}

function fillIn({ seed = aSeed } = {}): void {
  typeInto('xrpl-issue-name', 'Mojave Solar Farm');
  typeInto('xrpl-issue-scope1', '100');
  typeInto('xrpl-issue-scope2', '50');
  typeInto('xrpl-issue-destination', aSigningAddress);
  typeInto('xrpl-issue-seed', seed);
}

function expectNoSeedSent(requests: RecordedRequest[], seed: string): void {
  const sent = JSON.stringify(requests.map((request) => request.body));
  expect(sent).not.toContain(seed);
  expect(sent).not.toMatch(/seed/i);
}

describe('XrplIssueForm', () => {
  it('starts with the spec defaults, a password seed field and the credit estimate', () => {
    renderForm();
    expect((screen.getByTestId('xrpl-issue-project-type') as HTMLInputElement).value).toBe('Solar Energy');
    expect((screen.getByTestId('xrpl-issue-seed') as HTMLInputElement).type).toBe('password');
    typeInto('xrpl-issue-scope1', '100');
    typeInto('xrpl-issue-scope3', '55');
    expect(screen.getByTestId('xrpl-issue-estimate').textContent).toBe('Estimated credits: 31');
  });

  it.each([
    ['an address shorter than 25 characters', { xrplAddress: 'rShortAddress' }],
    ['no KYC', { kycPassed: false }],
  ])('disables the submit button with %s', (_, props) => {
    renderForm(props);
    expect(screen.getByTestId('xrpl-issue-submit') as HTMLButtonElement).toBeDisabled();
  });

  it('refuses an invalid address with the Validation Error toast and sends nothing', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm({ xrplAddress: 'not-an-xrpl-address-but-long-enough' });
    fillIn();
    fireEvent.submit(screen.getByTestId('xrpl-issue-form'));

    await expectToast('Validation Error', 'Please enter a valid XRPL address');
    expect(requests).toHaveLength(0);
  });

  it('asks for KYC (toast and modal) when the address has not passed it', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    const { onKycRequired } = renderForm({ kycPassed: false });
    fillIn();
    fireEvent.submit(screen.getByTestId('xrpl-issue-form'));

    await expectToast('KYC Verification Required', 'Please complete KYC and AML verification before issuing credits.');
    expect(onKycRequired).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['the project name', () => typeInto('xrpl-issue-name', ' ')],
    ['the seed', () => typeInto('xrpl-issue-seed', '')],
    ['the destination address', () => typeInto('xrpl-issue-destination', '')],
  ])('refuses the form without %s before any request', async (_, clear) => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fillIn();
    clear();
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));

    await expectToast('Validation Error', /Please fill in all required fields|Please enter a valid XRPL address/);
    expect(requests).toHaveLength(0);
  });

  it('prepares, signs in the browser and submits only the signed blob', async () => {
    const requests = mockFetch(
      xrplApi({
        '/api/xrpl/issue/prepare': () => jsonResponse(aPrepareResponse([mint], { creditAmount: 30 })),
        '/api/xrpl/issue': () => jsonResponse(anIssueResponse(), 201),
      }),
    );
    const { queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));

    await expectToast(
      'Credits Issued Successfully',
      new RegExp(`^NFT ${anNftId.slice(0, 16)}\\.\\.\\. filed 30 credits for verification under project XRPL-C0FFEE012345`),
    );
    expect(requestsTo(requests, '/api/xrpl/issue/prepare')[0]?.body).toEqual({
      name: 'Mojave Solar Farm',
      projectType: 'Solar Energy',
      scope1: 100,
      scope2: 50,
      scope3: 0,
      destinationAddress: aSigningAddress,
      xrplAddress: aSigningAddress,
    });
    const submitted = requestsTo(requests, '/api/xrpl/issue')[0]?.body as { preparation: string; signedTransactions: string[] };
    expect(submitted.preparation).toBe('sealed.preparation');
    expect(submitted.signedTransactions).toEqual(['5349474E454405']);
    expectNoSeedSent(requests, aSeed);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'credits'] });
    // The seed does not outlive a successful issue.
    expect((screen.getByTestId('xrpl-issue-seed') as HTMLInputElement).value).toBe('');
  });

  it('disables the button while the issue is pending', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));

    await waitFor(() => expect(screen.getByTestId('xrpl-issue-submit') as HTMLButtonElement).toBeDisabled());
    answer(jsonResponse({ error: 'Conflict', message: 'busy' }, 409));
    await findToast('Issuance Failed');
    expect(screen.getByTestId('xrpl-issue-submit') as HTMLButtonElement).toBeEnabled();
  });

  it('refuses a seed of another account before asking the service', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fillIn({ seed: 'sEdSomeoneElsesSeed111111111' });
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));

    await expectToast('Wrong Wallet Seed', new RegExp(`signs for ${anotherAddress}, not for ${aSigningAddress}`));
    expect(requests).toHaveLength(0);
  });

  it('refuses a malformed seed before asking the service', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fillIn({ seed: 'bad seed' });
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));

    await findToast('Invalid Wallet Seed');
    expect(requests).toHaveLength(0);
  });

  it('opens the KYC modal when the service answers KycRequired', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: 'KycRequired',
          message: 'KYC Verification Required',
          details: { requiresKyc: true, xrplAddress: aSigningAddress, kycStatus: 'verified', amlStatus: 'pending' },
        },
        403,
      ),
    );
    const { onKycRequired } = renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));

    await findToast('KYC Verification Required');
    expect(onKycRequired).toHaveBeenCalledTimes(1);
  });

  it('shows Issuance Failed with the server message, or the default when there is none', async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'XRPL NFTokenMint was not applied: tecINSUFFICIENT_RESERVE' }, 409));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));
    await expectToast('Issuance Failed', 'XRPL NFTokenMint was not applied: tecINSUFFICIENT_RESERVE');
  });

  it('shows the default failure text when the network is down', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-issue-submit'));
    await expectToast('Issuance Failed', 'Failed to issue credits');
  });
});
