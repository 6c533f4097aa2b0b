import { addressChallengeResponse, challengeMessageHex, kycStatusResponse, kycStreamId, startVerificationResponse } from '@carbon-ledger/contracts';
import { sign } from 'ripple-keypairs';
import { Client, type Payment, Wallet, xrpToDrops } from 'xrpl';
import type { ServiceUnderTest, SignedInClient } from './service-under-test.js';

const identity = { legalName: 'Alice Example', dateOfBirth: '1990-04-01', country: 'GB', documentNumber: 'P1234567' };

/** Asks for a challenge for the wallet's address and signs it with the wallet's key, as the console does in the browser. */
export async function addressProof(user: SignedInClient, wallet: Wallet): Promise<{ challengeId: string; publicKey: string; signature: string }> {
  const response = await user.request('POST', '/api/kyc/address-challenge', { xrplAddress: wallet.address });
  if (!response.ok) throw new Error(`address-challenge answered ${response.status}: ${await response.text()}`);
  const challenge = addressChallengeResponse.parse(await response.json());
  return { challengeId: challenge.challengeId, publicKey: wallet.publicKey, signature: sign(challengeMessageHex(challenge.message), wallet.privateKey) };
}

/** POST /api/kyc/start-verification for the wallet's address with a fresh signed challenge. */
export async function startVerification(
  user: SignedInClient,
  wallet: Wallet,
  body: Record<string, unknown> = { jurisdiction: 'UK', kycLevel: 'basic' },
  headers: Record<string, string> = {},
): Promise<Response> {
  return user.request('POST', '/api/kyc/start-verification', { xrplAddress: wallet.address, proof: await addressProof(user, wallet), ...body }, headers);
}

/**
 * A wallet funded on the sandbox ledger whose address `user` took through the
 * real KYC flow (start -> verify with the sandbox provider); resolves once the
 * KYC status read model answers verified.
 */
export async function verifiedAddress(service: ServiceUnderTest, user: SignedInClient, wallet = Wallet.generate()): Promise<Wallet> {
  const inquiryId = await startKyc(service, user, wallet);
  const verified = await user.request('POST', '/api/kyc/verify', { xrplAddress: wallet.address, inquiryId, ...identity });
  if (!verified.ok) throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  await waitForKycStatus(user, wallet.address, 'verified');
  return wallet;
}

/** A funded wallet whose KYC `user` started and never finished: the status read model answers pending. */
export async function pendingAddress(service: ServiceUnderTest, user: SignedInClient, wallet = Wallet.generate()): Promise<Wallet> {
  await startKyc(service, user, wallet);
  await waitForKycStatus(user, wallet.address, 'pending');
  return wallet;
}

/** Funds the wallet on the sandbox ledger and starts its KYC; answers the inquiry id to verify. */
export async function startKyc(service: ServiceUnderTest, user: SignedInClient, wallet: Wallet): Promise<string> {
  const ledger = new Client(service.sandbox.url);
  await ledger.connect();
  try {
    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    await ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: wallet.address, Amount: xrpToDrops(100) } satisfies Payment,
      { wallet: genesis },
    );
  } finally {
    await ledger.disconnect();
  }
  const started = await startVerification(user, wallet);
  if (!started.ok) throw new Error(`start-verification answered ${started.status}: ${await started.text()}`);
  return startVerificationResponse.parse(await started.json()).inquiryId;
}

async function waitForKycStatus(user: SignedInClient, address: string, wanted: 'verified' | 'pending'): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = kycStatusResponse.parse(await (await user.request('GET', `/api/kyc/status?address=${address}`)).json());
    if (status.kycStatus === wanted) return;
    if (Date.now() > deadline) throw new Error(`KYC of ${address} is ${status.kycStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once the XRPL KYC credential of a verified address is recorded (the last write its verification causes). */
export async function credentialRecorded(service: ServiceUnderTest, address: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stream = await service.runtime.eventStore.readStream(kycStreamId(address));
    if (stream.some((event) => event.type === 'KycCredentialIssued')) return;
    if (Date.now() > deadline) throw new Error(`no KYC credential recorded for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
