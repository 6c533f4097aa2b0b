// @vitest-environment node
// @noble's byte checks refuse jsdom's typed arrays; signing needs no DOM.
import { challengeMessageHex } from '@carbon-ledger/contracts';
import { deriveAddress, verify } from 'ripple-keypairs';
import { Wallet } from 'xrpl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { InvalidSeedError } from '../../shared/xrpl/seed-wallet';
import { WalletSeedMismatchError, generateBrowserWallet, proveAddressControl } from './address-proof';

const message = 'Carbon Ledger: prove control of an XRPL address for KYC.\nNonce: 00ff';
const challenge = { challengeId: '0d7e1c44-59a6-4c55-8f0e-3b1f1e7a2c90', message, expiresAt: '2026-11-25T02:00:00.000Z' };

describe('proving control of an address in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());
  // The API client reads the CSRF cookie.
  beforeEach(() => vi.stubGlobal('document', { cookie: '' }));

  it("signs the service's challenge with the seed's key; only the public key and the signature leave the browser", async () => {
    const wallet = Wallet.generate();
    const requests = mockFetch(() => jsonResponse(challenge, 201));
    const proof = await proveAddressControl(wallet.address, ` ${wallet.seed ?? ''} `);

    expect(requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/kyc/address-challenge', { xrplAddress: wallet.address }],
    ]);
    expect(proof.challengeId).toBe(challenge.challengeId);
    expect(deriveAddress(proof.publicKey)).toBe(wallet.address);
    expect(verify(challengeMessageHex(message), proof.signature, proof.publicKey)).toBe(true);
    expect(JSON.stringify([proof, requests.map((request) => request.body)])).not.toContain(wallet.seed);
  });

  it('refuses a seed of another address and a malformed seed without asking the service', async () => {
    const requests = mockFetch(() => jsonResponse(challenge, 201));
    const other = Wallet.generate();
    await expect(proveAddressControl(Wallet.generate().address, other.seed ?? '')).rejects.toBeInstanceOf(WalletSeedMismatchError);
    await expect(proveAddressControl(other.address, 'not a seed')).rejects.toBeInstanceOf(InvalidSeedError);
    expect(requests).toHaveLength(0);
  });

  it('generates a wallet whose seed signs for its address', async () => {
    const generated = await generateBrowserWallet();
    expect(Wallet.fromSeed(generated.seed).address).toBe(generated.address);
  });
});
