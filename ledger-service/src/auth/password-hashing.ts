import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import type { PasswordOwner } from '@carbon-ledger/contracts';
import pLimit from 'p-limit';
import { RetryLater } from '../shared/retry-later.js';
import { assessNewPassword } from './password-strength.js';

// OWASP's scrypt recommendation: N=2^17, r=8, p=1 (128 MiB per hash).
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * Hashes at once at most: each takes 128 MiB and a libuv thread, and 40 sign-ins at once starved
 * everything else (GET /api/health took 3.5 s). Up to HASH_QUEUE_LIMIT more wait their turn;
 * past that a request is refused with Retry-After instead of piling up.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE_LIMIT = 16;
const hashing = pLimit(HASH_CONCURRENCY);

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  if (hashing.pendingCount >= HASH_QUEUE_LIMIT) {
    return Promise.reject(new RetryLater('The service is busy signing people in; try again in a moment.', 1));
  }
  const options: ScryptOptions = { ...params, maxmem: 256 * 1024 * 1024 };
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/** "scrypt$N$r$p$salt$hash", salt and hash base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, checked when the email is unknown so both paths take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

/** A random password (144 bits) the policy accepts for this owner: one that happened to spell part of the email or name is drawn again. */
export function generatePassword(owner: PasswordOwner): string {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (assessNewPassword(password, owner).acceptable) return password;
  }
}
