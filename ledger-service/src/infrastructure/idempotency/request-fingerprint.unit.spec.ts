import { canonicalJson } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandIdForKey, requestFingerprint } from './request-fingerprint.js';

const json = fc.jsonValue();
const key = fc.stringMatching(/^[A-Za-z0-9._:-]{8,128}$/);

/** The same JSON value with every object's keys in another order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([name, member]) => [name, reordered(member)]),
  );
}

describe('request fingerprint and the command id of a keyed request (property)', () => {
  it('a body is the same request whatever its key order; another body, method or path is another request', () => {
    fc.assert(
      fc.property(json, json, (body, other) => {
        const fingerprint = requestFingerprint('POST', '/api/orders', body);
        expect(requestFingerprint('post', '/api/orders', JSON.parse(JSON.stringify(reordered(body))))).toBe(fingerprint);
        expect(requestFingerprint('PUT', '/api/orders', body)).not.toBe(fingerprint);
        expect(requestFingerprint('POST', '/api/orders/x/cancel', body)).not.toBe(fingerprint);
        fc.pre(canonicalJson(body) !== canonicalJson(other));
        expect(requestFingerprint('POST', '/api/orders', other)).not.toBe(fingerprint);
      }),
    );
  });

  it("one user's key never yields another user's command id, and the same user, key and request always the same", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), key, json, (user, otherUser, idempotencyKey, body) => {
        fc.pre(user !== otherUser);
        const fingerprint = requestFingerprint('POST', '/api/orders', body);
        const commandId = commandIdForKey(user, idempotencyKey, fingerprint);
        expect(commandIdForKey(user, idempotencyKey, fingerprint)).toBe(commandId);
        expect(commandIdForKey(otherUser, idempotencyKey, fingerprint)).not.toBe(commandId);
        expect(commandId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }),
    );
  });
});
