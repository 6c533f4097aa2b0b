import type { PreparedXrplTransaction } from '@carbon-ledger/contracts';
import type { Transaction } from 'xrpl';
import { walletFromSeed } from '../../../shared/xrpl/seed-wallet';

/** Signs prepared transactions in the browser; the seed stays inside it. */
export interface BrowserSigner {
  readonly address: string;
  sign(transactions: readonly PreparedXrplTransaction[]): string[];
}

/** The seed belongs to another account than the KYC-checked address the service prepares for. */
export class SeedAddressMismatchError extends Error {
  override readonly name = 'SeedAddressMismatchError';
  constructor(
    readonly walletAddress: string,
    readonly expectedAddress: string,
  ) {
    super(`The seed signs for ${walletAddress}, not for ${expectedAddress}. Enter the seed of the XRPL address above.`);
  }
}

/**
 * xrpl.js is large (about 575 KB plus WASM), so it is loaded only when the
 * first transaction is signed (a light landing page, `e2e/landing.e2e.ts`).
 */
export async function signerFromSeed(seed: string, expectedAddress: string): Promise<BrowserSigner> {
  const { Wallet } = await import('xrpl');
  const wallet = walletFromSeed(Wallet, seed);
  if (wallet.address !== expectedAddress.trim()) throw new SeedAddressMismatchError(wallet.address, expectedAddress.trim());
  return {
    address: wallet.address,
    sign: (transactions) => transactions.map((transaction) => wallet.sign(transaction as unknown as Transaction).tx_blob),
  };
}

/** Starts loading xrpl.js ahead of the first signature (e.g. when a seed field gets focus). */
export function preloadSigner(): void {
  void import('xrpl').catch(() => undefined);
}

/** A wallet generated in this browser: its seed never leaves it. */
export interface GeneratedWallet {
  readonly address: string;
  readonly seed: string;
}

/** Generates a new XRPL wallet with xrpl.js, loaded with the signing chunk. */
export async function generateBrowserWallet(): Promise<GeneratedWallet> {
  const { Wallet } = await import('xrpl');
  const wallet = Wallet.generate();
  if (!wallet.seed) throw new Error('xrpl.js generated a wallet without a seed');
  return { address: wallet.classicAddress, seed: wallet.seed };
}
