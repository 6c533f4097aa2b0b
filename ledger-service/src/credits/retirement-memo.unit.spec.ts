import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertStringToHex, encode } from 'xrpl';
import { RETIREMENT_MEMO_MAX_BYTES, retirementMemoJson } from './retirement-memo.js';

/** rippled's limit on a transaction's serialized Memos (STTx.cpp isMemoOkay). */
const RIPPLED_MAX_MEMO_BYTES = 1024;
const memoBytes = (json: string): number =>
  // The Memos field alone, as rippled measures it (xrpl.js types encode's argument as a whole transaction).
  encode({ Memos: [{ Memo: { MemoType: convertStringToHex('carbon-retirement'), MemoData: convertStringToHex(json) } }] } as unknown as Parameters<
    typeof encode
  >[0]).length / 2;

describe('the retirement memo on XRPL', () => {
  const base = {
    retirementId: '0b6a3c59-3c1f-4a43-9d7e-1f0e0a9a1b11',
    tokenId: 'SOLAR-2026-7F3A9C21',
    quantity: 1_000_000_000,
    serials: ['NXCC-SOLAR-2026-7F3A9C21-000001 to 001000'],
  };

  it('is the whole record when it fits', () => {
    const memo = { ...base, beneficiary: 'Acme Corp', purpose: 'Scope 2 offset 2025' };
    expect(JSON.parse(retirementMemoJson(memo))).toEqual(memo);
  });

  it('fits rippled’s memo limit for every beneficiary and purpose the contract takes (astral text was refused for ever)', () => {
    const astral = '\u{1F331}'.repeat(100);
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.constant(astral)).map((text) => text.slice(0, 200)),
        fc
          .oneof(fc.string({ unit: 'grapheme', maxLength: 500 }), fc.constant(astral.repeat(2)), fc.constant('ש'.repeat(500)))
          .map((text) => text.slice(0, 500)),
        fc.array(fc.constant('NXCC-SOLAR-2026-7F3A9C21-000001 to 999999'), { maxLength: 60 }),
        (beneficiary, purpose, serials) => {
          const json = retirementMemoJson({ ...base, beneficiary, purpose, serials });
          expect(new TextEncoder().encode(json).length).toBeLessThanOrEqual(RETIREMENT_MEMO_MAX_BYTES);
          expect(memoBytes(json)).toBeLessThanOrEqual(RIPPLED_MAX_MEMO_BYTES);
          const parsed = JSON.parse(json) as typeof base & { beneficiary: string; purpose: string };
          expect(parsed).toMatchObject({ retirementId: base.retirementId, tokenId: base.tokenId, quantity: base.quantity });
          // Shortened on character boundaries: what remains is a prefix of the text, never half a character.
          expect(beneficiary.startsWith(parsed.beneficiary.replace(/…$/, ''))).toBe(true);
          expect(purpose.startsWith(parsed.purpose.replace(/…$/, ''))).toBe(true);
        },
      ),
    );
  });
});
