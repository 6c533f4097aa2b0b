import { createHash } from 'node:crypto';
import { canonicalJson } from '@carbon-ledger/contracts';
import { deriveId } from '../../shared/command-context.js';

/** sha256 of method, path with query, and the body as canonical JSON (key order and spacing do not count). */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([method.toUpperCase(), url, body ?? null]))
    .digest('hex');
}

/**
 * The command id of a keyed request. Derived, never stored only: when the key has expired
 * and the same request comes again, it gets the same command id, so its events collide
 * with the ones it appended the first time (the log-wide event id key) and it is replayed,
 * not applied twice. The user keeps one user's key from ever meeting another's commands;
 * the fingerprint keeps an expired key reused for another request from replaying the old one.
 */
export function commandIdForKey(userId: string, key: string, fingerprint: string): string {
  return deriveId(canonicalJson(['Idempotency-Key', userId, key, fingerprint]), 'command');
}
