import { canonicalJson } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalBodyText, commandIdForKey, requestFingerprint } from './request-fingerprint.js';

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

describe('the fingerprint of any body the JSON parser accepts', () => {
  it('is canonicalJson of every body canonicalJson writes, so keys stored before keep their fingerprints (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        expect(canonicalBodyText(body)).toBe(canonicalJson(body));
      }),
    );
    const odd = JSON.parse('{"b":-0,"10":"ten","9":"nine","__proto__":{"x":[1,null]},"a":"\\u0000\\ud800"}') as unknown;
    expect(canonicalBodyText(odd)).toBe(canonicalJson(odd));
  });

  it('never throws: numbers beyond double range and nesting deeper than the stack are fingerprinted, each as its own request', () => {
    const texts = [
      '{"type":"buy","amount":1e309,"price":"1.00","projectType":"Solar Energy","vintage":2026}',
      '{"amount":-1e309}',
      '{"amount":"Infinity"}',
      '{"amount":null}',
      `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
      `${'{"a":'.repeat(50_000)}1e309${'}'.repeat(50_000)}`,
    ];
    const fingerprints = texts.map((text) => requestFingerprint('POST', '/api/orders', JSON.parse(text)));
    expect(new Set(fingerprints).size).toBe(texts.length);
    expect(canonicalBodyText(JSON.parse('[1e309,-1e309,{"b":1E400,"a":-0}]'))).toBe('[Infinity,-Infinity,{"a":0,"b":Infinity}]');
    expect(() => canonicalJson(JSON.parse('{"amount":1e309}'))).toThrow('non-finite');
  });
});
