import { type AddressProofRequest, challengeMessageHex } from '@carbon-ledger/contracts';
import { walletFromSeed } from '../../shared/xrpl/seed-wallet';
import { requestAddressChallenge } from './api/request-address-challenge';

export class WalletSeedMismatchError extends Error {
  override readonly name = 'WalletSeedMismatchError';
  constructor(walletAddress: string, address: string) {
    super(`The seed signs for ${walletAddress}, not for ${address}. Enter the seed of the address to verify.`);
  }
}

/** xrpl.js and ripple-keypairs are large: loaded only when a challenge is signed or a wallet generated (a light landing page, `e2e/landing.e2e.ts`). */
async function loadKeys() {
  const [{ Wallet }, keypairs] = await Promise.all([import('xrpl'), import('ripple-keypairs')]);
  return { Wallet, sign: keypairs.sign };
}

/** A new XRPL wallet made in this browser; its seed is shown to the user and never sent. */
export async function generateBrowserWallet(): Promise<{ address: string; seed: string }> {
  const { Wallet } = await loadKeys();
  const wallet = Wallet.generate();
  if (!wallet.seed) throw new Error('The generated wallet has no seed');
  return { address: wallet.address, seed: wallet.seed };
}

/**
 * Proves holding the address's key: asks the service for a challenge and signs it here with the
 * seed. Only the public key and the signature leave the browser.
 */
export async function proveAddressControl(address: string, seed: string): Promise<AddressProofRequest> {
  const { Wallet, sign } = await loadKeys();
  const wallet = walletFromSeed(Wallet, seed);
  if (wallet.address !== address) throw new WalletSeedMismatchError(wallet.address, address);
  const challenge = await requestAddressChallenge(address);
  return {
    challengeId: challenge.challengeId,
    publicKey: wallet.publicKey,
    signature: sign(challengeMessageHex(challenge.message), wallet.privateKey),
  };
}
