import { decodeAccountID, encodeAccountID, isValidClassicAddress } from 'ripple-address-codec';
import { deriveAddress } from 'ripple-keypairs';
import type { Bytes } from './hash.js';

/** rippled's xrpAccount(): the all-zero account id. */
export const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp';
/** rippled's noAccount(): account id 1, the issuer of trust line balances. */
export const ACCOUNT_ONE = 'rrrrrrrrrrrrrrrrrrrrBZbvji';

const idCache = new Map<string, Bytes>();

export function accountIdBytes(address: string): Bytes {
  let id = idCache.get(address);
  if (id === undefined) {
    id = decodeAccountID(address);
    if (idCache.size > 100_000) idCache.clear();
    idCache.set(address, id);
  }
  return id;
}

export function addressFromId(id: Bytes): string {
  return encodeAccountID(id);
}

export function isValidAddress(value: unknown): value is string {
  return typeof value === 'string' && isValidClassicAddress(value);
}

export function compareAccounts(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(accountIdBytes(a), accountIdBytes(b));
}

/** RIPEMD-160(SHA-256(data)) as an address, the same hash rippled uses for account ids. */
export function addressFromHashInput(hex: string): string {
  return deriveAddress(hex);
}
