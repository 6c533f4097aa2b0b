import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aProof, aSeed, aStartResponse, aVerifyResponse, anAddress } from '../../kyc-fixtures';
import { KycVerification } from './KycVerification';
import { expectToast, findToast } from '../../../../test/toasts';
import { typeInto } from '../../../../test/form-fields';

// Signing itself is tested in node (address-proof.test.ts): @noble refuses jsdom's typed arrays.
vi.mock('../../address-proof', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../address-proof')>()),
  proveAddressControl: (await import('../../kyc-fixtures')).fakeProveAddressControl,
}));

function step(): string | undefined {
  return screen.getByTestId('kyc-verification').dataset.step;
}

function fillIdentity(): void {
  typeInto('kyc-legal-name', 'Ada Lovelace');
  typeInto('kyc-date-of-birth', '1990-12-10');
  typeInto('kyc-country', 'gb');
  typeInto('kyc-document-number', 'P1234567');
}

async function startWith(address: string, seed = aSeed): Promise<void> {
  typeInto('kyc-address', address);
  typeInto('kyc-seed', seed);
  fireEvent.click(screen.getByTestId('kyc-start'));
  await waitFor(() => expect(step()).toBe('persona'));
}

function postsTo(requests: RecordedRequest[], path: string): RecordedRequest[] {
  return requests.filter((request) => request.method === 'POST' && request.url === path);
}

describe('KycVerification', () => {
  it('starts with the given address, level basic and no jurisdiction, and tells the screen each address typed', async () => {
    const requests = mockFetch(() => jsonResponse(aStartResponse()));
    const onAddressChange = vi.fn();
    renderWithProviders(<KycVerification initialAddress={anAddress} onAddressChange={onAddressChange} />);

    expect(screen.getByTestId('kyc-address')).toHaveValue(anAddress);
    typeInto('kyc-address', `${anAddress} `);
    expect(onAddressChange).toHaveBeenLastCalledWith(`${anAddress} `);

    typeInto('kyc-seed', aSeed);
    fireEvent.click(screen.getByTestId('kyc-start'));
    await waitFor(() => expect(step()).toBe('persona'));
    // The address goes trimmed, with the default level and no jurisdiction.
    const [started] = postsTo(requests, '/api/kyc/start-verification');
    expect(started?.body).toMatchObject({ xrplAddress: anAddress, kycLevel: 'basic' });
    expect(started?.body).not.toHaveProperty('jurisdiction');
  });

  it('refuses an address shorter than 25 characters without a request', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderWithProviders(<KycVerification />);

    typeInto('kyc-address', 'rShort123');
    fireEvent.click(screen.getByTestId('kyc-start'));

    await expectToast('Invalid Address', 'Please enter a valid XRPL address');
    expect(requests).toHaveLength(0);
    expect(step()).toBe('setup');
  });

  it('asks for the seed that signs the challenge before any request, and refuses a seed of another address', async () => {
    const requests = mockFetch(() => jsonResponse(aStartResponse()));
    renderWithProviders(<KycVerification />);
    typeInto('kyc-address', anAddress);
    fireEvent.click(screen.getByTestId('kyc-start'));
    expect(await findToast('Wallet Seed Required')).toBeInTheDocument();

    typeInto('kyc-seed', 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
    fireEvent.click(screen.getByTestId('kyc-start'));
    await expectToast('Signing Failed', /not for rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe/);
    expect(requests).toHaveLength(0);
    expect(step()).toBe('setup');
  });

  it('runs setup -> persona -> processing -> complete and posts the identity', async () => {
    let finishVerify: (response: Response) => void = () => undefined;
    const requests = mockFetch(({ url }) =>
      url === '/api/kyc/start-verification'
        ? jsonResponse(aStartResponse())
        : new Promise<Response>((resolve) => {
            finishVerify = resolve;
          }),
    );
    const onComplete = vi.fn();
    renderWithProviders(<KycVerification onComplete={onComplete} />);

    await startWith(anAddress);
    expect(postsTo(requests, '/api/kyc/start-verification')[0]?.body).toEqual({ xrplAddress: anAddress, proof: aProof, kycLevel: 'basic' });
    expect(JSON.stringify(requests.map((request) => request.body))).not.toContain(aSeed);

    fillIdentity();
    fireEvent.click(screen.getByTestId('kyc-submit-identity'));
    await waitFor(() => expect(step()).toBe('processing'));
    expect(screen.getByTestId('kyc-processing')).toBeInTheDocument();

    finishVerify(jsonResponse(aVerifyResponse()));
    await findToast('KYC Verification Complete');
    expect(step()).toBe('complete');
    expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ success: true, kycStatus: 'verified' }));
    const [verify] = postsTo(requests, '/api/kyc/verify');
    expect(verify?.body).toEqual({
      xrplAddress: anAddress,
      inquiryId: 'inq_test1',
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'GB',
      documentNumber: 'P1234567',
    });
    expect(verify?.credentials).toBe('include');
  });

  it('returns to setup with a toast when the identity form is cancelled', async () => {
    const requests = mockFetch(() => jsonResponse(aStartResponse()));
    renderWithProviders(<KycVerification />);

    await startWith(anAddress);
    fireEvent.click(screen.getByTestId('kyc-cancel'));

    await findToast('Verification Cancelled');
    expect(step()).toBe('setup');
    expect(postsTo(requests, '/api/kyc/verify')).toHaveLength(0);
  });

  it('shows Verification Failed when the server does not start an inquiry', async () => {
    mockFetch(() => jsonResponse(aStartResponse({ success: false })));
    renderWithProviders(<KycVerification />);

    typeInto('kyc-address', anAddress);
    typeInto('kyc-seed', aSeed);
    fireEvent.click(screen.getByTestId('kyc-start'));

    await expectToast('Verification Failed', 'Failed to start KYC verification process');
    expect(step()).toBe('setup');
  });

  it("shows Error with the server's message when starting is refused", async () => {
    mockFetch(() => jsonResponse({ error: 'Forbidden', message: 'Verification is not available for this address; contact compliance' }, 403));
    renderWithProviders(<KycVerification />);

    typeInto('kyc-address', anAddress);
    typeInto('kyc-seed', aSeed);
    fireEvent.click(screen.getByTestId('kyc-start'));

    await expectToast('Error', 'Verification is not available for this address; contact compliance');
  });

  it("returns to setup with the server's error when verification is refused", async () => {
    mockFetch(({ url }) =>
      url === '/api/kyc/start-verification'
        ? jsonResponse(aStartResponse())
        : jsonResponse(aVerifyResponse({ success: false, kycStatus: 'rejected', amlStatus: 'rejected', error: 'Name matches a sanctions list entry' })),
    );
    renderWithProviders(<KycVerification />);

    await startWith(anAddress);
    fillIdentity();
    fireEvent.click(screen.getByTestId('kyc-submit-identity'));

    await expectToast('Verification Failed', 'Name matches a sanctions list entry');
    await waitFor(() => expect(step()).toBe('setup'));
  });

  it('falls back to the generic failure text when verify fails without a message', async () => {
    mockFetch(({ url }) =>
      url === '/api/kyc/start-verification' ? jsonResponse(aStartResponse()) : jsonResponse(aVerifyResponse({ success: false, kycStatus: 'pending' })),
    );
    renderWithProviders(<KycVerification />);

    await startWith(anAddress);
    fillIdentity();
    fireEvent.click(screen.getByTestId('kyc-submit-identity'));

    await expectToast('Verification Failed', 'KYC verification failed');
  });
});
