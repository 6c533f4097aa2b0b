import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonByMembers } from '../shared/canonical-json.js';
import { seededRandom as random } from '../shared/seeded-random.js';
import { chainContent, chainContentTexts } from './hash-chain.js';

const KEY_POOL = ['a', 'b', 'B', 'zeta', 'éclair', 'ümlaut', '\u{1F600}x', 'a b', 'quote"d', '_x', 'Z', 'aa', ''];
const STRING_POOL = ['', 'plain', 'line\nbreak', 'tab\t', 'quote "x"', 'back\\slash', '\u{1F331} seedling', '\u2028', 'é'];

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 6 : 9));
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.round((next() - 0.5) * 1e6) / (next() < 0.5 ? 1 : 100);
    case 3:
      return STRING_POOL[Math.floor(next() * STRING_POOL.length)];
    case 4:
      return undefined;
    case 5:
      return next() < 0.5 ? -0 : 1e21;
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    default: {
      const record: Record<string, unknown> = {};
      const size = Math.floor(next() * 6);
      for (let index = 0; index < size; index += 1) {
        record[KEY_POOL[Math.floor(next() * KEY_POOL.length)] as string] = value(next, depth + 1);
      }
      return record;
    }
  }
}

describe('canonicalJson', () => {
  it('writes the same text as the member-by-member definition for 5,000 random values', () => {
    for (let seed = 1; seed <= 5_000; seed += 1) {
      const input = value(random(seed), 0);
      expect(canonicalJson(input), `seed ${seed}`).toBe(canonicalJsonByMembers(input));
    }
  });

  it('sorts keys by UTF-16 code units and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [undefined, 2] }, B: 'x' })).toBe('{"B":"x","a":{"c":[null,2]},"b":1}');
  });

  it('takes the member path where the engine would reorder or drop a key, with the same result', () => {
    const digits = { '10': 'ten', '9': 'nine', a: 1 };
    expect(canonicalJson(digits)).toBe('{"10":"ten","9":"nine","a":1}');
    const proto = JSON.parse('{"__proto__":{"x":1},"a":2}') as unknown;
    expect(canonicalJson(proto)).toBe('{"__proto__":{"x":1},"a":2}');
    expect(canonicalJson({ amount: 12n, nested: [1n] })).toBe('{"amount":12,"nested":[1]}');
  });

  it('reads other objects by their own keys and writes functions as null, as the definition does', () => {
    const odd = { when: new Date(0), fn: () => 1, list: [() => 1] };
    expect(canonicalJson(odd)).toBe(canonicalJsonByMembers(odd));
    expect(canonicalJson(odd)).toBe('{"fn":null,"list":[null],"when":{}}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('refuses non-finite numbers', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow('canonicalJson: non-finite number');
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow('canonicalJson: non-finite number');
  });
});

describe('chainContentTexts', () => {
  it('embeds the canonical data and metadata texts in exactly the chain content', () => {
    for (let seed = 1; seed <= 500; seed += 1) {
      const next = random(seed);
      const event = {
        streamId: `order-${seed} "quoted"`,
        eventId: '6f1d2c1e-8a8b-4c1e-9d59-0c3b2b7f6a10',
        type: seed % 2 ? 'OrderPlaced' : 'Ünïcode\u2028Type',
        data: value(next, 1) ?? { fallback: true },
        metadata: { actor: { userId: 'u-1', role: 'trader' }, commandId: `c-${seed}`, extra: value(next, 2) },
      };
      const texts = chainContentTexts(event);
      expect(texts.content, `seed ${seed}`).toBe(chainContent(event));
      expect(texts.data).toBe(canonicalJson(event.data));
      expect(texts.metadata).toBe(canonicalJson(event.metadata));
    }
  });

  it('leaves an undefined member out as chainContent does', () => {
    const event = { streamId: 's', eventId: 'e', type: 't', data: undefined, metadata: {} };
    expect(chainContentTexts(event).content).toBe(chainContent(event));
  });
});
