import { accountIdBytes, compareAccounts } from './accounts.js';
import type { Issue } from './amount.js';
import { compareIssues, currencyBytes, isXrpIssue } from './amount.js';
import type { Bytes } from './hash.js';
import { bytesToHex, hexToBytes, sha512Half, uint16Bytes, uint64Bytes } from './hash.js';

/** rippled's LedgerNameSpace values, hashed as a big-endian uint16 in front of the key parts. */
const space = {
  account: 'a',
  dirNode: 'd',
  trustLine: 'r',
  ownerDir: 'O',
  amm: 'A',
  credential: 'D',
} as const;

function indexHash(ns: string, ...parts: Bytes[]): string {
  return sha512Half(uint16Bytes(ns.charCodeAt(0)), ...parts);
}

export function accountKey(address: string): string {
  return indexHash(space.account, accountIdBytes(address));
}

export function ownerDirKey(address: string): string {
  return indexHash(space.ownerDir, accountIdBytes(address));
}

/** Page `index` of a directory; page 0 is the root itself. */
export function dirPageKey(rootKey: string, index: bigint): string {
  if (index === 0n) return rootKey;
  return indexHash(space.dirNode, hexToBytes(rootKey), uint64Bytes(index));
}

export function trustLineKey(a: string, b: string, currency: string): string {
  const [low, high] = compareAccounts(a, b) < 0 ? [a, b] : [b, a];
  return indexHash(space.trustLine, accountIdBytes(low), accountIdBytes(high), currencyBytes(currency));
}

function issueAccountBytes(issue: Issue): Bytes {
  return isXrpIssue(issue) ? new Uint8Array(20) : accountIdBytes(issue.issuer);
}

export function ammKey(a: Issue, b: Issue): string {
  const [min, max] = compareIssues(a, b) <= 0 ? [a, b] : [b, a];
  return indexHash(space.amm, issueAccountBytes(min), currencyBytes(min.currency), issueAccountBytes(max), currencyBytes(max.currency));
}

export function credentialKey(subject: string, issuer: string, credentialTypeHex: string): string {
  return indexHash(space.credential, accountIdBytes(subject), accountIdBytes(issuer), hexToBytes(credentialTypeHex));
}

/** NFTokenPage keys are not hashed: the owner's account id followed by 96 bits. */
export function nftPageMinKey(owner: string): string {
  return bytesToHex(accountIdBytes(owner)) + '0'.repeat(24);
}

export function nftPageMaxKey(owner: string): string {
  return bytesToHex(accountIdBytes(owner)) + 'F'.repeat(24);
}

/** keylet::nftpage(base, token): owner prefix plus the token's low 96 bits. */
export function nftPageKeyFor(owner: string, tokenId: string): string {
  return bytesToHex(accountIdBytes(owner)) + tokenId.slice(40).toUpperCase();
}
