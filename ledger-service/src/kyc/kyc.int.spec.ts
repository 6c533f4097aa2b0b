import {
  isKycEvent,
  KYC_CREDENTIAL_TYPE_HEX,
  kycStatusResponse,
  kycStreamId,
  startVerificationResponse,
  verifyKycResponse,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import { Client, isoTimeToRippleTime, type LedgerEntry, type Payment, Wallet, xrpToDrops } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { type ServiceUnderTest, type SignedInClient, startServiceUnderTest } from '../test-support/service-under-test.js';
import { KycExpiryCheck } from './expiry/kyc-expiry-check.js';

const INVALID_ADDRESS = 'Invalid Address - Please enter a valid XRPL address';
const identity = { legalName: 'Alice Example', dateOfBirth: '1990-04-01', country: 'GB', documentNumber: 'P1234567' };

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('KYC over HTTP with the sandbox provider and the sandbox ledger', () => {
  let service: ServiceUnderTest;
  let trader: SignedInClient;
  let otherTrader: SignedInClient;
  let compliance: SignedInClient;
  let auditor: SignedInClient;
  let gateway: XrplGateway;
  let ledger: Client;

  beforeAll(async () => {
    service = await startServiceUnderTest({ SEAL_INTERVAL_MS: '0', KYC_EXPIRY_CHECK_INTERVAL_MS: '0' });
    await service.app.get(XrplConnection).ready;
    gateway = service.app.get<XrplGateway>(XRPL_GATEWAY);
    [trader, otherTrader, compliance, auditor] = await Promise.all([
      service.signIn(['trader']),
      service.signIn(['trader']),
      service.signIn(['compliance']),
      service.signIn(['auditor']),
    ]);
    ledger = new Client(service.sandbox.url);
    await ledger.connect();
  });
  afterAll(async () => {
    await ledger?.disconnect();
    await service?.close();
  });

  /** A new account on the sandbox ledger, funded by the genesis account. */
  async function fundedAddress(wallet = Wallet.generate()): Promise<string> {
    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    await ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: wallet.address, Amount: xrpToDrops(50) } satisfies Payment,
      { wallet: genesis },
    );
    return wallet.address;
  }

  async function start(user: SignedInClient, xrplAddress: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    return user.request('POST', '/api/kyc/start-verification', { xrplAddress, jurisdiction: 'UK', kycLevel: 'basic', ...extra }, headers);
  }

  async function startAndVerify(user: SignedInClient, xrplAddress: string, who: Partial<typeof identity> = {}) {
    const started = startVerificationResponse.parse(await (await start(user, xrplAddress)).json());
    const response = await user.request('POST', '/api/kyc/verify', { xrplAddress, inquiryId: started.inquiryId, ...identity, ...who });
    expect(response.status).toBe(200);
    return verifyKycResponse.parse(await response.json());
  }

  async function status(user: SignedInClient, address: string) {
    const response = await user.request('GET', `/api/kyc/status?address=${address}`);
    expect(response.status).toBe(200);
    return kycStatusResponse.parse(await response.json());
  }

  async function streamTypes(address: string): Promise<string[]> {
    return (await service.runtime.eventStore.readStream(kycStreamId(address))).map((event) => event.type);
  }

  it('runs start -> verify -> verified, and the KYC issuer gives the address a credential on the ledger', async () => {
    const address = await fundedAddress();
    expect(await status(trader, address)).toEqual({
      address,
      kycStatus: 'not_started',
      amlStatus: 'not_started',
      riskScore: 0,
      expiresAt: null,
      jurisdiction: null,
      level: null,
      credential: { issued: false, txHash: null },
    });

    const response = await start(trader, address);
    expect(response.status).toBe(201);
    const started = startVerificationResponse.parse(await response.json());
    expect(started).toMatchObject({ success: true, templateId: 'itmpl_sandbox_kyc', environment: 'sandbox' });
    expect(started.inquiryId).toMatch(/^inq_[A-Za-z0-9]{24}$/);
    expect(await status(trader, address)).toMatchObject({ kycStatus: 'pending', amlStatus: 'not_started', jurisdiction: 'UK', level: 'basic' });

    const verifiedAt = Date.now();
    const verified = await trader.request('POST', '/api/kyc/verify', { xrplAddress: address, inquiryId: started.inquiryId, ...identity });
    expect(verified.status).toBe(200);
    expect(verifyKycResponse.parse(await verified.json())).toMatchObject({ success: true, kycStatus: 'verified', amlStatus: 'cleared' });

    const answer = await status(trader, address);
    expect(answer).toMatchObject({ kycStatus: 'verified', amlStatus: 'cleared', jurisdiction: 'UK', level: 'basic' });
    expect(answer.riskScore).toBeGreaterThanOrEqual(10);
    expect(answer.riskScore).toBeLessThan(30);
    const validFor = Date.parse(answer.expiresAt!) - verifiedAt;
    expect(Math.abs(validFor - 365 * 86_400_000)).toBeLessThan(60_000);

    // The reaction issues the credential after the fact; the status shows it once recorded.
    const withCredential = await eventually(() => status(trader, address), (value) => value.credential.issued);
    expect(withCredential.credential.txHash).toMatch(/^[0-9A-F]{64}$/);

    const objects = await ledger.request({ command: 'account_objects', account: address, type: 'credential', ledger_index: 'validated' });
    const credential = objects.result.account_objects.find((entry): entry is LedgerEntry.Credential => entry.LedgerEntryType === 'Credential');
    expect(credential).toMatchObject({
      Subject: address,
      Issuer: gateway.wallets.kyc_issuer.address,
      CredentialType: KYC_CREDENTIAL_TYPE_HEX,
      Expiration: isoTimeToRippleTime(answer.expiresAt!),
    });
    expect(credential?.PreviousTxnID).toBe(withCredential.credential.txHash);

    expect(await streamTypes(address)).toEqual(['KycStarted', 'AmlScreened', 'KycVerified', 'KycCredentialIssued']);
    const issuerLog = await service.runtime.eventStore.readStream(xrplWalletStreamId('kyc_issuer'));
    expect(issuerLog.map((event) => event.data)).toContainEqual(
      expect.objectContaining({ transactionType: 'CredentialCreate', hash: withCredential.credential.txHash, result: 'tesSUCCESS' }),
    );
    // The document number is handed to the provider only, never recorded.
    const recorded = JSON.stringify((await service.runtime.eventStore.readStream(kycStreamId(address))).map((event) => event.data));
    expect(recorded).not.toContain(identity.documentNumber);

    const again = await start(trader, address);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: 'Conflict', message: 'This address is already verified' });
  });

  it('a retried start with the same Idempotency-Key answers with the same inquiry and appends nothing', async () => {
    const address = Wallet.generate().address;
    const headers = { 'idempotency-key': `kyc-start-${Date.now()}` };
    const first = startVerificationResponse.parse(await (await start(trader, address, {}, headers)).json());
    const before = await service.countEvents('kyc-');
    const retry = startVerificationResponse.parse(await (await start(trader, address, {}, headers)).json());
    expect(retry.inquiryId).toBe(first.inquiryId);
    expect(await service.countEvents('kyc-')).toBe(before);
  });

  it('rejects a name on the sanctions list without saying why, and refuses a new start', async () => {
    const address = Wallet.generate().address;
    const response = await startAndVerify(trader, address, { legalName: 'ívan TESTOVICH sanctioned' });
    expect(response).toMatchObject({ success: false, kycStatus: 'rejected', amlStatus: 'rejected', riskScore: 100, error: 'KYC verification failed' });
    expect(JSON.stringify(response).toLowerCase()).not.toContain('sanction');

    const events = (await service.runtime.eventStore.readStream(kycStreamId(address))).filter(isKycEvent);
    expect(events.map((event) => event.type)).toEqual(['KycStarted', 'AmlScreened', 'KycRejected']);
    expect(events[1]?.data).toMatchObject({ result: 'hit', riskScore: 100, matches: [{ entryId: '90001', matchedName: 'SANCTIONED, Ivan Testovich' }] });
    expect(events[2]?.data).toMatchObject({ reason: 'sanctions_match' });

    const restart = await start(trader, address);
    expect(restart.status).toBe(403);
    expect(await restart.json()).toMatchObject({ error: 'Forbidden', message: 'Verification is not available for this address; contact compliance' });
  });

  it.each([
    ['a near match to a listed name', { legalName: 'Ivan Testovich' }, 'pending'],
    ['an identity from a high-risk country', { country: 'IR' }, 'cleared'],
  ])('sends %s to compliance review', async (_, who, amlStatus) => {
    const address = Wallet.generate().address;
    const response = await startAndVerify(trader, address, who);
    expect(response).toMatchObject({ success: false, kycStatus: 'pending', amlStatus, error: 'Your verification needs a manual review by compliance' });
    expect(response.riskScore).toBeGreaterThanOrEqual(70);
    expect(await streamTypes(address)).toEqual(['KycStarted', 'AmlScreened']);
  });

  it.each([
    ['a short address', 'rShort'],
    ['an address of 24 characters', 'rPT1Sjq2YGrBMTttX4GZHjKu'],
    ['an address outside the base58 alphabet', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpA0l'],
    ['an address with a wrong checksum', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYf'],
  ])('refuses to start with %s, with the spec text', async (_, address) => {
    const before = await service.countEvents('kyc-');
    const response = await start(trader, address);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'ValidationFailed', message: INVALID_ADDRESS, details: [{ path: 'xrplAddress', message: INVALID_ADDRESS }] });
    expect(await service.countEvents('kyc-')).toBe(before);
  });

  it('refuses bad status queries and bad identity fields', async () => {
    const shortQuery = await trader.request('GET', '/api/kyc/status?address=rPT1Sjq2YGrBMTttX4GZ');
    expect(shortQuery.status).toBe(400);
    expect(await shortQuery.json()).toMatchObject({ message: INVALID_ADDRESS, details: [{ path: 'address', message: INVALID_ADDRESS }] });
    expect((await start(trader, Wallet.generate().address, { kycLevel: 'premium' })).status).toBe(400);

    const address = Wallet.generate().address;
    const { inquiryId } = startVerificationResponse.parse(await (await start(trader, address)).json());
    const minor = new Date(Date.now() - 17 * 365 * 86_400_000).toISOString().slice(0, 10);
    for (const [field, value, message] of [
      ['dateOfBirth', minor, 'You must be at least 18 years old'],
      ['dateOfBirth', '01/04/1990', 'Date of birth must be a date (YYYY-MM-DD)'],
      ['country', 'XX', 'Country must be an ISO 3166-1 alpha-2 code, e.g. GB'],
      ['documentNumber', '12', 'Document number must be 4-40 letters, digits or dashes'],
    ] as const) {
      const response = await trader.request('POST', '/api/kyc/verify', { xrplAddress: address, inquiryId, ...identity, [field]: value });
      expect(response.status, field).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'ValidationFailed', message, details: [{ path: field, message }] });
    }
  });

  it('shows an address only to its owner and to compliance, auditors and admins', async () => {
    const address = Wallet.generate().address;
    const { inquiryId } = startVerificationResponse.parse(await (await start(trader, address)).json());

    const stranger = await otherTrader.request('GET', `/api/kyc/status?address=${address}`);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: 'Forbidden', message: 'You can only see the KYC status of addresses you registered' });
    expect((await status(compliance, address)).kycStatus).toBe('pending');
    expect((await status(auditor, address)).kycStatus).toBe('pending');

    const hijack = await otherTrader.request('POST', '/api/kyc/verify', { xrplAddress: address, inquiryId, ...identity });
    expect(hijack.status).toBe(403);
    expect((await start(otherTrader, address)).status).toBe(403);

    const wrongInquiry = await trader.request('POST', '/api/kyc/verify', { xrplAddress: address, inquiryId: 'inq_unknown', ...identity });
    expect(wrongInquiry.status).toBe(409);
    expect(await wrongInquiry.json()).toMatchObject({ message: 'Unknown inquiry for this address; start the verification again' });
    const neverStarted = await trader.request('POST', '/api/kyc/verify', { xrplAddress: Wallet.generate().address, inquiryId, ...identity });
    expect(neverStarted.status).toBe(404);

    expect((await trader.request('GET', '/api/kyc/dashboard')).status).toBe(403);
    expect((await compliance.request('GET', '/api/kyc/dashboard')).status).toBe(200);
  });

  it('defers the credential of an address that is not on the ledger, and the periodic check issues it once funded', async () => {
    const wallet = Wallet.generate();
    expect(await startAndVerify(trader, wallet.address)).toMatchObject({ success: true, kycStatus: 'verified' });
    const check = service.app.get(KycExpiryCheck);
    expect((await check.checkNow()).credentialsIssued).toEqual([]);
    expect((await status(trader, wallet.address)).credential).toEqual({ issued: false, txHash: null });
    expect(await streamTypes(wallet.address)).toEqual(['KycStarted', 'AmlScreened', 'KycVerified']);

    await fundedAddress(wallet);
    expect((await check.checkNow()).credentialsIssued).toEqual([wallet.address]);
    const answer = await eventually(() => status(trader, wallet.address), (value) => value.credential.issued);
    expect(answer.credential.txHash).toMatch(/^[0-9A-F]{64}$/);
  });

  it('expires a verification once its expiresAt has passed, once, and lets the owner start again', async () => {
    const address = Wallet.generate().address;
    await startAndVerify(trader, address);
    const check = service.app.get(KycExpiryCheck);
    expect((await check.checkNow()).expired).not.toContain(address);

    const nextYear = new Date(Date.now() + 366 * 86_400_000);
    expect((await check.checkNow(nextYear)).expired).toContain(address);
    expect((await check.checkNow(nextYear)).expired).not.toContain(address);
    expect((await streamTypes(address)).filter((type) => type === 'KycExpired')).toHaveLength(1);

    const lapsed = await eventually(() => status(trader, address), (value) => value.kycStatus === 'not_started');
    expect(lapsed).toMatchObject({ kycStatus: 'not_started', amlStatus: 'cleared' });
    expect(lapsed.expiresAt).not.toBeNull();
    expect((await start(trader, address)).status).toBe(201);
  });
});
