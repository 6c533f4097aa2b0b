import { describe, expect, it } from 'vitest';
import { inlineParameters } from './inline-parameters.js';

describe('inlineParameters', () => {
  it('writes each value as an escaped literal in place of its placeholder', () => {
    const text = 'insert into t (a, b, c, d, e, f, g) values ($1, $2, $3, $4, $5, $6, $7)';
    expect(inlineParameters(text, ["O'Brien", 12, -3.5, 10n, true, null, new Date('2026-11-22T10:00:00.123Z')])).toBe(
      "insert into t (a, b, c, d, e, f, g) values ('O''Brien', '12', '-3.5', '10', 'true', NULL, '2026-11-22T10:00:00.123Z')",
    );
  });

  it('escapes backslashes so that no value can end its literal early', () => {
    const inlined = inlineParameters('select $1::text', ["\\'; drop table order_book; --"]);
    // pg.escapeLiteral: an E'' string, the backslash doubled, the quote doubled.
    expect(inlined).toBe("select  E'\\\\''; drop table order_book; --'::text");
  });

  it('tells $1 from $10 and leaves placeholders inside literals, identifiers and comments alone', () => {
    const values = Array.from({ length: 10 }, (_, index) => `v${index + 1}`);
    const text = `select $10, $1, '$1', "col$1", E'it\\'s $2' -- $3\n, /* $4 */ $2`;
    expect(inlineParameters(text, values)).toBe(`select 'v10', 'v1', '$1', "col$1", E'it\\'s $2' -- $3\n, /* $4 */ 'v2'`);
  });

  it('refuses what it cannot write faithfully', () => {
    expect(() => inlineParameters('select $2', ['only one'])).toThrow('$2 has no value');
    expect(() => inlineParameters('select $$text$$', [])).toThrow('dollar-quoted');
    expect(() => inlineParameters('select $1', [{ json: true }])).toThrow('has no literal here');
    expect(() => inlineParameters('select $1', [Number.NaN])).toThrow('not a finite number');
    expect(() => inlineParameters("select 'open", [])).toThrow('unterminated');
  });
});
