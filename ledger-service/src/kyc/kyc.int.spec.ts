import { randomUUID } from 'node:crypto';
import {
  addressChallengeResponse,
  challengeMessageHex,
  isKycEvent,
  KYC_CREDENTIAL_TYPE_HEX,
  kycStatusResponse,
  kycStreamId,
  startVerificationResponse,
  verifyKycResponse,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import { sign } from 'ripple-keypairs';
import { isoTimeToRippleTime, type LedgerEntry, type Payment, Wallet, xrpToDrops } from 'xrpl';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceOnLedgerForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { KYC_GATE, type KycGate } from '../shared/kyc-gate.port.js';
import { KycCredentialIssuer } from './credentials/kyc-credential-issuer.js';
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
  const service = serviceOnLedgerForSuite(WITHOUT_BACKGROUND_JOBS);
  let trader: SignedInClient;
  let otherTrader: SignedInClient;
  let compliance: SignedInClient;
  let auditor: SignedInClient;

  beforeAll(async () => {
    [trader, otherTrader, compliance, auditor] = await Promise.all([
      service.signIn(['trader']),
      service.signIn(['trader']),
      service.signIn(['compliance']),
      service.signIn(['auditor']),
    ]);
  });

  /** Keys of the addresses the tests use, so a start can sign its challenge as the console does. */
  const keys = new Map<string, Wallet>();
  function newWallet(): Wallet {
    const wallet = Wallet.generate();
    keys.set(wallet.address, wallet);
    return wallet;
  }
  const newAddress = (): string => newWallet().address;

  /** A new account on the sandbox ledger, funded by the genesis account. */
  async function fundedAddress(wallet = newWallet()): Promise<string> {
    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    await service.ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: wallet.address, Amount: xrpToDrops(50) } satisfies Payment,
      { wallet: genesis },
    );
    return wallet.address;
  }

  /** Starts with the challenge signed by `signer` (the address's own key by default); an unknown or malformed address gets a well-formed proof that proves nothing. */
  async function start(
    user: SignedInClient,
    xrplAddress: string,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    signer: Wallet | undefined = keys.get(xrplAddress),
  ) {
    const proof = signer
      ? await signedChallenge(user, xrplAddress, signer)
      : { challengeId: randomUUID(), publicKey: Wallet.generate().publicKey, signature: 'AB'.repeat(64) };
    return user.request('POST', '/api/kyc/start-verification', { xrplAddress, proof, jurisdiction: 'UK', kycLevel: 'basic', ...extra }, headers);
  }

  async function signedChallenge(user: SignedInClient, xrplAddress: string, signer: Wallet) {
    const response = await user.request('POST', '/api/kyc/address-challenge', { xrplAddress });
    expect(response.status).toBe(201);
    const challenge = addressChallengeResponse.parse(await response.json());
    return { challengeId: challenge.challengeId, publicKey: signer.publicKey, signature: sign(challengeMessageHex(challenge.message), signer.privateKey) };
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
    const withCredential = await eventually(
      () => status(trader, address),
      (value) => value.credential.issued,
    );
    expect(withCredential.credential.txHash).toMatch(/^[0-9A-F]{64}$/);

    const objects = await service.ledger.request({ command: 'account_objects', account: address, type: 'credential', ledger_index: 'validated' });
    const credential = objects.result.account_objects.find((entry): entry is LedgerEntry.Credential => entry.LedgerEntryType === 'Credential');
    expect(credential).toMatchObject({
      Subject: address,
      Issuer: service.gateway.wallets.kyc_issuer.address,
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
    const address = newAddress();
    const headers = { 'idempotency-key': `kyc-start-${Date.now()}` };
    // A retry sends the very same request: the same signed challenge.
    const body = { xrplAddress: address, proof: await signedChallenge(trader, address, keys.get(address)!), jurisdiction: 'UK', kycLevel: 'basic' };
    const first = startVerificationResponse.parse(await (await trader.request('POST', '/api/kyc/start-verification', body, headers)).json());
    const before = await service.countEvents('kyc-');
    const retry = startVerificationResponse.parse(await (await trader.request('POST', '/api/kyc/start-verification', body, headers)).json());
    expect(retry.inquiryId).toBe(first.inquiryId);
    expect(await service.countEvents('kyc-')).toBe(before);
  });

  it('rejects a name on the sanctions list without saying why, and refuses a new start', async () => {
    const address = newAddress();
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
    const address = newAddress();
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
    expect(await response.json()).toMatchObject({
      error: 'ValidationFailed',
      message: INVALID_ADDRESS,
      details: expect.arrayContaining([{ path: 'xrplAddress', message: INVALID_ADDRESS }]),
    });
    expect(await service.countEvents('kyc-')).toBe(before);
  });

  it('refuses bad status queries and bad identity fields', async () => {
    const shortQuery = await trader.request('GET', '/api/kyc/status?address=rPT1Sjq2YGrBMTttX4GZ');
    expect(shortQuery.status).toBe(400);
    expect(await shortQuery.json()).toMatchObject({
      message: INVALID_ADDRESS,
      details: expect.arrayContaining([{ path: 'address', message: INVALID_ADDRESS }]),
    });
    expect((await start(trader, newAddress(), { kycLevel: 'premium' })).status).toBe(400);

    const address = newAddress();
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
      expect(await response.json()).toMatchObject({ error: 'ValidationFailed', message, details: expect.arrayContaining([{ path: field, message }]) });
    }
  });

  it('shows an address only to its owner and to compliance, auditors and admins', async () => {
    const address = newAddress();
    const { inquiryId } = startVerificationResponse.parse(await (await start(trader, address)).json());

    const stranger = await otherTrader.request('GET', `/api/kyc/status?address=${address}`);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: 'Forbidden', message: 'You can only see the KYC status of addresses you registered' });
    expect((await status(compliance, address)).kycStatus).toBe('pending');
    expect((await status(auditor, address)).kycStatus).toBe('pending');

    const hijack = await otherTrader.request('POST', '/api/kyc/verify', { xrplAddress: address, inquiryId, ...identity });
    expect(hijack.status).toBe(403);
    // Without the address's key (a challenge signed by another key), a stranger cannot take it.
    expect((await start(otherTrader, address, {}, {}, Wallet.generate())).status).toBe(403);

    const wrongInquiry = await trader.request('POST', '/api/kyc/verify', { xrplAddress: address, inquiryId: 'inq_unknown', ...identity });
    expect(wrongInquiry.status).toBe(409);
    expect(await wrongInquiry.json()).toMatchObject({ message: 'Unknown inquiry for this address; start the verification again' });
    const neverStarted = await trader.request('POST', '/api/kyc/verify', { xrplAddress: newAddress(), inquiryId, ...identity });
    expect(neverStarted.status).toBe(404);

    expect((await trader.request('GET', '/api/kyc/dashboard')).status).toBe(403);
    expect((await compliance.request('GET', '/api/kyc/dashboard')).status).toBe(200);
  });

  it('defers the credential of an address that is not on the ledger, and the periodic check issues it once funded', async () => {
    const wallet = newWallet();
    expect(await startAndVerify(trader, wallet.address)).toMatchObject({ success: true, kycStatus: 'verified' });
    const check = service.app.get(KycExpiryCheck);
    expect((await check.checkNow()).credentialsIssued).toEqual([]);
    expect((await status(trader, wallet.address)).credential).toEqual({ issued: false, txHash: null });
    expect(await streamTypes(wallet.address)).toEqual(['KycStarted', 'AmlScreened', 'KycVerified']);

    await fundedAddress(wallet);
    expect((await check.checkNow()).credentialsIssued).toEqual([wallet.address]);
    const answer = await eventually(
      () => status(trader, wallet.address),
      (value) => value.credential.issued,
    );
    expect(answer.credential.txHash).toMatch(/^[0-9A-F]{64}$/);
  });

  it('records the credential once when the reaction and the periodic check issue it at the same moment: neither fails, the later one finds it recorded', async () => {
    // Found by the cluster test: the check picked up an address the reaction was issuing for, and the reaction lost the
    // append ("expected version 2, actual 3"), failed and let go of its lock for its back-off.
    const wallet = newWallet();
    expect(await startAndVerify(trader, wallet.address)).toMatchObject({ success: true, kycStatus: 'verified' });
    expect((await status(trader, wallet.address)).credential).toEqual({ issued: false, txHash: null });
    await fundedAddress(wallet);
    const issuer = service.app.get(KycCredentialIssuer);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => issuer.issueFor(wallet.address)));
    expect(outcomes.filter((outcome) => outcome === 'issued')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome !== 'issued')).toEqual(Array.from({ length: 7 }, () => 'already_issued'));
    expect(await streamTypes(wallet.address)).toEqual(['KycStarted', 'AmlScreened', 'KycVerified', 'KycCredentialIssued']);
    expect(await issuer.issueFor(wallet.address)).toBe('already_issued');
  });

  it('expires a verification once its expiresAt has passed, once, and lets the owner start again', async () => {
    const address = newAddress();
    await startAndVerify(trader, address);
    const check = service.app.get(KycExpiryCheck);
    expect((await check.checkNow()).expired).not.toContain(address);

    const nextYear = new Date(Date.now() + 366 * 86_400_000);
    expect((await check.checkNow(nextYear)).expired).toContain(address);
    expect((await check.checkNow(nextYear)).expired).not.toContain(address);
    expect((await streamTypes(address)).filter((type) => type === 'KycExpired')).toHaveLength(1);

    const lapsed = await eventually(
      () => status(trader, address),
      (value) => value.kycStatus === 'not_started',
    );
    expect(lapsed).toMatchObject({ kycStatus: 'not_started', amlStatus: 'cleared' });
    expect(lapsed.expiresAt).not.toBeNull();
    expect((await start(trader, address)).status).toBe(201);
  });

  it('refuses a trader at once when the read model shows their verification lapsed, though the gate had just passed them', async () => {
    const lapsing = await service.signIn(['trader']);
    const address = newAddress();
    await startAndVerify(lapsing, address);
    const gate = service.app.get<KycGate>(KYC_GATE);
    const projections = service.app.get(ProjectionHost);
    await projections.waitFor(['kyc-status'], await service.runtime.eventStore.headPosition(), 10_000);
    // Passed twice: the second answer may come from what the gate remembers.
    await gate.requireVerifiedTrader(lapsing.userId, new Date());
    await gate.requireVerifiedTrader(lapsing.userId, new Date());

    expect((await service.app.get(KycExpiryCheck).checkNow(new Date(Date.now() + 366 * 86_400_000))).expired).toContain(address);
    expect(await projections.waitFor(['kyc-status'], await service.runtime.eventStore.headPosition(), 10_000)).toBe(true);
    // Within the second the gate would reuse a pass: the kyc-status batch made it forget.
    await expect(gate.requireVerifiedTrader(lapsing.userId, new Date())).rejects.toMatchObject({ code: 'KycRequired' });
    // And a verification that lapses by the clock is refused without any batch.
    const later = await service.signIn(['trader']);
    await startAndVerify(later, newAddress());
    await projections.waitFor(['kyc-status'], await service.runtime.eventStore.headPosition(), 10_000);
    await gate.requireVerifiedTrader(later.userId, new Date());
    await expect(gate.requireVerifiedTrader(later.userId, new Date(Date.now() + 366 * 86_400_000))).rejects.toMatchObject({ code: 'KycRequired' });
  });

  it("refuses to start without proof of the key: no proof, a signature by another key, another user's challenge, a used or expired challenge", async () => {
    const wallet = newWallet();
    const before = await service.countEvents('kyc-');
    const noProof = await trader.request('POST', '/api/kyc/start-verification', { xrplAddress: wallet.address, jurisdiction: 'UK', kycLevel: 'basic' });
    expect(noProof.status).toBe(400);

    const otherKey = await start(trader, wallet.address, {}, {}, Wallet.generate());
    expect(otherKey.status).toBe(403);
    expect(await otherKey.json()).toMatchObject({
      error: 'Forbidden',
      message: 'The signature does not prove control of this address; sign the challenge with its key',
    });

    // A challenge is bound to the user who asked for it.
    const othersChallenge = await signedChallenge(otherTrader, wallet.address, wallet);
    const borrowed = await trader.request('POST', '/api/kyc/start-verification', { xrplAddress: wallet.address, proof: othersChallenge, kycLevel: 'basic' });
    expect(borrowed.status).toBe(403);
    expect(await borrowed.json()).toMatchObject({ message: 'Unknown challenge for this address; ask for a new one' });

    // ...and to the address: the same signed challenge names another address.
    const elsewhere = await signedChallenge(trader, wallet.address, wallet);
    const otherAddress = await trader.request('POST', '/api/kyc/start-verification', { xrplAddress: newAddress(), proof: elsewhere, kycLevel: 'basic' });
    expect(otherAddress.status).toBe(403);

    const expiring = await signedChallenge(trader, wallet.address, wallet);
    await service.runtime.pool.query(`update kyc_address_challenges set expires_at = now() - interval '1 second' where challenge_id = $1`, [
      expiring.challengeId,
    ]);
    const expired = await trader.request('POST', '/api/kyc/start-verification', { xrplAddress: wallet.address, proof: expiring, kycLevel: 'basic' });
    expect(await expired.json()).toMatchObject({ error: 'Forbidden', message: 'This challenge has expired; ask for a new one' });
    expect(await service.countEvents('kyc-')).toBe(before);

    const proof = await signedChallenge(trader, wallet.address, wallet);
    expect((await trader.request('POST', '/api/kyc/start-verification', { xrplAddress: wallet.address, proof, kycLevel: 'basic' })).status).toBe(201);
    const replayed = await trader.request('POST', '/api/kyc/start-verification', { xrplAddress: wallet.address, proof, kycLevel: 'basic' });
    expect(replayed.status).toBe(403);
    expect(await replayed.json()).toMatchObject({ message: 'This challenge was already used; ask for a new one' });

    const [recorded] = (await service.runtime.eventStore.readStream(kycStreamId(wallet.address))).filter(isKycEvent);
    expect(recorded).toMatchObject({
      type: 'KycStarted',
      data: { addressProof: { method: 'signed-challenge', publicKey: wallet.publicKey, challengeId: proof.challengeId } },
    });
  });

  it("refuses the platform's own addresses (the market maker's could be claimed)", async () => {
    for (const role of ['market_maker', 'issuer', 'kyc_issuer', 'audit_anchor'] as const) {
      const platform = service.gateway.wallets[role];
      const challenge = await trader.request('POST', '/api/kyc/address-challenge', { xrplAddress: platform.address });
      expect(challenge.status, role).toBe(403);
      expect(await challenge.json()).toMatchObject({ error: 'Forbidden', message: 'This is an address of the platform; it cannot be verified for a user' });
      const started = await start(trader, platform.address);
      expect(started.status, role).toBe(403);
    }
    expect(await streamTypes(service.gateway.wallets.market_maker.address)).toEqual([]);
  });

  it('lets the key holder take an address back from a claim made without proof, as events; the old claimant loses it', async () => {
    // A claim recorded before proofs were asked: another user verified an address it holds no key for.
    const wallet = newWallet();
    const at = new Date().toISOString();
    const metadata = {
      commandId: randomUUID(),
      correlationId: 'legacy',
      causationId: 'legacy',
      actor: { userId: otherTrader.userId, role: 'trader' },
      schemaVersion: 1,
      recordedAt: at,
    };
    const legacy = [
      {
        type: 'KycStarted',
        data: {
          address: wallet.address,
          inquiryId: 'inq_legacyclaim000000000000',
          templateId: 'itmpl_sandbox_kyc',
          provider: 'sandbox',
          environment: 'sandbox',
          jurisdiction: 'UK',
          level: 'basic',
          ownerId: otherTrader.userId,
          startedAt: at,
        },
      },
      {
        type: 'AmlScreened',
        data: {
          address: wallet.address,
          inquiryId: 'inq_legacyclaim000000000000',
          result: 'clear',
          riskScore: 12,
          matches: [],
          listName: 'OFAC SDN',
          listEntries: 7,
          screenedAt: at,
        },
      },
      {
        type: 'KycVerified',
        data: {
          address: wallet.address,
          inquiryId: 'inq_legacyclaim000000000000',
          riskScore: 12,
          level: 'basic',
          jurisdiction: 'UK',
          country: 'GB',
          verifiedAt: at,
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
    ];
    await service.runtime.eventStore.appendToStream(
      kycStreamId(wallet.address),
      legacy.map((event) => ({ eventId: randomUUID(), ...event, metadata })),
      { expected: 'no_stream' },
    );
    await eventually(
      () => status(compliance, wallet.address),
      (value) => value.kycStatus === 'verified',
    );

    const reclaimed = await start(trader, wallet.address);
    expect(reclaimed.status).toBe(201);
    expect(await streamTypes(wallet.address)).toEqual(['KycStarted', 'AmlScreened', 'KycVerified', 'KycClaimSuperseded', 'KycStarted']);
    const superseded = (await service.runtime.eventStore.readStream(kycStreamId(wallet.address))).filter(isKycEvent)[3];
    expect(superseded).toMatchObject({ data: { previousOwnerId: otherTrader.userId, ownerId: trader.userId, previousClaimProven: false } });
    expect(await status(trader, wallet.address)).toMatchObject({ kycStatus: 'pending' });
    expect((await otherTrader.request('GET', `/api/kyc/status?address=${wallet.address}`)).status).toBe(403);
  });
});
