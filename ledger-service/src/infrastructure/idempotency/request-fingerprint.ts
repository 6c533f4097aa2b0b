import { createHash } from 'node:crypto';
import { canonicalJson } from '@carbon-ledger/contracts';
import { deriveId } from '../../shared/command-context.js';

/** sha256 of method, path with query, and the body as canonical JSON (key order and spacing do not count). */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalBodyText([method.toUpperCase(), url, body ?? null]))
    .digest('hex');
}

/**
 * canonicalJson's text of a parsed request body, for any value the JSON parser gives: a number
 * beyond double range (`1e309`) parses to Infinity and is written `Infinity`, a text no finite
 * body has, and nesting of any depth is walked without recursion. canonicalJson refuses both
 * (an event must be storable JSON), but a body it refuses is still a request to answer: its
 * fingerprint must not fail first (that was a 500 instead of the validation's 400). Every body
 * canonicalJson writes gets the same text, so keys stored before keep their fingerprints.
 */
export function canonicalBodyText(value: unknown): string {
  const parts: string[] = [];
  // Work left, last first: a value to write, or text to emit as it is.
  const work: ({ readonly text: string } | { readonly value: unknown })[] = [{ value }];
  for (let next = work.pop(); next !== undefined; next = work.pop()) {
    if ('text' in next) {
      parts.push(next.text);
      continue;
    }
    const item = next.value;
    if (typeof item === 'number') parts.push(Number.isFinite(item) ? JSON.stringify(item) : String(item));
    else if (typeof item === 'bigint') parts.push(item.toString());
    else if (typeof item === 'string' || typeof item === 'boolean') parts.push(JSON.stringify(item));
    else if (item === null || typeof item !== 'object') parts.push('null');
    else if (Array.isArray(item)) {
      const items = item as readonly unknown[];
      work.push({ text: ']' });
      for (let index = items.length - 1; index >= 0; index -= 1) {
        work.push({ value: items[index] ?? null });
        if (index > 0) work.push({ text: ',' });
      }
      parts.push('[');
    } else {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort();
      work.push({ text: '}' });
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        work.push({ value: record[key] }, { text: `${index > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
      parts.push('{');
    }
  }
  return parts.join('');
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
