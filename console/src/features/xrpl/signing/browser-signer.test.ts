// @vitest-environment node
// @noble's byte checks refuse jsdom's typed arrays; the signer needs no DOM.
import { decode, Wallet } from 'xrpl';
import { describe, expect, it } from 'vitest';
import { InvalidSeedError } from '../../../shared/xrpl/seed-wallet';
import { generateBrowserWallet, SeedAddressMismatchError, signerFromSeed } from './browser-signer';

describe('signerFromSeed', () => {
  const wallet = Wallet.generate();
  const prepared = {
    TransactionType: 'Payment',
    Account: wallet.address,
    Destination: Wallet.generate().address,
    Amount: '1000',
    Fee: '12',
    Sequence: 3,
    LastLedgerSequence: 80,
    Flags: 0,
  };

  it('signs prepared transactions with the wallet of the seed, in order', async () => {
    const signer = await signerFromSeed(` ${wallet.seed ?? ''} `, wallet.address);
    const blobs = signer.sign([prepared, { ...prepared, Sequence: 4 }]);
    expect(blobs).toHaveLength(2);
    expect(decode(blobs[0] ?? '')).toMatchObject({ ...prepared, SigningPubKey: wallet.publicKey });
    expect(decode(blobs[1] ?? '')).toMatchObject({ Sequence: 4 });
    expect(blobs.join('')).not.toContain(wallet.seed);
  });

  it('refuses a seed of another account and a malformed seed', async () => {
    const other = Wallet.generate();
    await expect(signerFromSeed(other.seed ?? '', wallet.address)).rejects.toEqual(new SeedAddressMismatchError(other.address, wallet.address));
    await expect(signerFromSeed('not a seed', wallet.address)).rejects.toBeInstanceOf(InvalidSeedError);
  });
});

describe('generateBrowserWallet', () => {
  it('generates a new wallet whose seed derives its address, a different one each time', async () => {
    const first = await generateBrowserWallet();
    const second = await generateBrowserWallet();
    expect(Wallet.fromSeed(first.seed).classicAddress).toBe(first.address);
    expect(first.address).not.toBe(second.address);
    expect(first.seed).not.toBe(second.seed);
  });
});
