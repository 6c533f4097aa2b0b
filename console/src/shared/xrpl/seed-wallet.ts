import type { Wallet } from 'xrpl';

/** What the user typed is not an XRPL seed. */
export class InvalidSeedError extends Error {
  override readonly name = 'InvalidSeedError';
  constructor() {
    super('The wallet seed is not a valid XRPL seed');
  }
}

/**
 * The wallet of a seed typed into this browser (surrounding spaces dropped). xrpl.js comes from
 * the caller, which loads it only when a seed is used.
 */
export function walletFromSeed(xrplWallet: typeof Wallet, seed: string): Wallet {
  try {
    return xrplWallet.fromSeed(seed.trim());
  } catch {
    throw new InvalidSeedError();
  }
}
