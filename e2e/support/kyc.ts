import { challengeMessageHex } from '@carbon-ledger/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { sign } from 'ripple-keypairs';
import { Wallet } from 'xrpl';

/**
 * Takes a fresh address of the context's user through the sandbox KYC flow over the API
 * (challenge signed by the address's key -> start -> verify), as the console's verification
 * panel does; resolves once it reads verified.
 * Trading needs a KYC-verified address.
 */
export async function verifyKycThroughApi(context: BrowserContext, baseUrl: string, wallet: Wallet = Wallet.generate()): Promise<string> {
  const address = wallet.classicAddress;
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
  const post = async (path: string, data: unknown) => {
    const response = await context.request.post(`${baseUrl}${path}`, { data, headers: { 'x-csrf-token': csrf } });
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const challenge = (await post('/api/kyc/address-challenge', { xrplAddress: address })) as { challengeId: string; message: string };
  const proof = { challengeId: challenge.challengeId, publicKey: wallet.publicKey, signature: sign(challengeMessageHex(challenge.message), wallet.privateKey) };
  const { inquiryId } = await post('/api/kyc/start-verification', { xrplAddress: address, proof, jurisdiction: 'UK', kycLevel: 'basic' });
  await post('/api/kyc/verify', {
    xrplAddress: address,
    inquiryId,
    legalName: 'Erin Example',
    dateOfBirth: '1988-02-03',
    country: 'GB',
    documentNumber: 'P7654321',
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = (await (await context.request.get(`${baseUrl}/api/kyc/status?address=${address}`)).json()) as { kycStatus?: string };
    if (status.kycStatus === 'verified') return address;
    if (Date.now() > deadline) throw new Error(`KYC of ${address} is ${status.kycStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fills the KYC identity form (in the page, the modal or the panel that holds it) with a valid identity; the caller submits it. */
export async function fillKycIdentity(scope: Page | Locator, legalName = 'Ada Lovelace'): Promise<void> {
  await scope.getByTestId('kyc-legal-name').fill(legalName);
  await scope.getByTestId('kyc-date-of-birth').fill('1990-12-10');
  await scope.getByTestId('kyc-country').fill('GB');
  await scope.getByTestId('kyc-document-number').fill('P1234567');
}

/**
 * The console's KYC flow in the modal or panel that holds it: the seed signs the address challenge,
 * then the identity step is filled and submitted. The caller waits for the outcome.
 */
export async function submitKycWithSeed(scope: Locator, seed: string, legalName?: string): Promise<void> {
  await scope.getByTestId('kyc-seed').fill(seed);
  await scope.getByTestId('kyc-start').click();
  await scope.getByTestId('kyc-identity-form').waitFor();
  await fillKycIdentity(scope, legalName);
  await scope.getByTestId('kyc-submit-identity').click();
}
