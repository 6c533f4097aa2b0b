import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createUserRequest } from '../auth/manage-users.contract.js';
import { issueCreditsRequest } from '../projects/issue-credits.contract.js';
import { retireCreditsRequest } from '../credits/retire-credits.contract.js';
import { tradeCreditsRequest } from '../credits/trade-credits.contract.js';
import { verifyKycRequest } from '../kyc/verify-kyc.contract.js';
import { placeOrderRequest } from '../orders/place-order.contract.js';
import { xrplIssuePrepareRequest, xrplRetirePrepareRequest, xrplTradePrepareRequest } from '../xrpl/xrpl-actions.contract.js';
import { MAX_CREDITS, MAX_NOTIONAL_USD, MAX_PRICE_PER_CREDIT, MAX_XRP_AMOUNT } from '../shared/bounded-amounts.js';
import { freeText } from '../shared/free-text.js';

const ADDRESS = 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH';
const OTHER_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

/** A request each contract accepts, and the free-text fields in it. */
const contracts: { name: string; schema: z.ZodType; valid: Record<string, unknown>; fields: { field: string; multiline: boolean }[] }[] = [
  {
    name: 'POST /api/retire',
    schema: retireCreditsRequest,
    valid: { tokenId: 'SOLAR-2026-7F3A9C21', amount: 1, beneficiary: 'Acme', purpose: 'Offset' },
    fields: [
      { field: 'beneficiary', multiline: false },
      { field: 'purpose', multiline: true },
    ],
  },
  {
    name: 'POST /api/issue',
    schema: issueCreditsRequest,
    valid: {
      id: 'p-1',
      name: 'Sunny',
      projectType: 'Solar Energy',
      description: 'Roofs',
      scope1: 0,
      scope2: 0,
      scope3: 0,
      scope4: 0,
      scope5: 0,
      xrplAddress: ADDRESS,
    },
    fields: [
      { field: 'id', multiline: false },
      { field: 'name', multiline: false },
      { field: 'description', multiline: true },
    ],
  },
  {
    name: 'POST /api/xrpl/issue/prepare',
    schema: xrplIssuePrepareRequest,
    valid: { name: 'Sunny', projectType: 'Solar Energy', scope1: 1, scope2: 0, scope3: 0, destinationAddress: ADDRESS, xrplAddress: ADDRESS },
    fields: [{ field: 'name', multiline: false }],
  },
  {
    name: 'POST /api/xrpl/trade/prepare',
    schema: xrplTradePrepareRequest,
    valid: { sellerAddress: ADDRESS, amountCRC: 1, xrpAmount: 1, issuer: OTHER_ADDRESS, creditId: 'c-1', xrplAddress: ADDRESS },
    fields: [{ field: 'creditId', multiline: false }],
  },
  {
    name: 'POST /api/xrpl/retire/prepare',
    schema: xrplRetirePrepareRequest,
    valid: { tokenAmount: 1, issuer: OTHER_ADDRESS, purpose: 'Offset', xrplAddress: ADDRESS },
    fields: [{ field: 'purpose', multiline: true }],
  },
  {
    name: 'POST /api/users',
    schema: createUserRequest,
    valid: { email: 'a@example.com', name: 'Ada', password: 'correct horse battery', roles: ['trader'] },
    fields: [{ field: 'name', multiline: false }],
  },
  {
    name: 'POST /api/kyc/verify',
    schema: verifyKycRequest,
    valid: { xrplAddress: ADDRESS, inquiryId: 'inq_1', legalName: 'Ada Lovelace', dateOfBirth: '1990-01-01', country: 'GB', documentNumber: 'P1234567' },
    fields: [
      { field: 'inquiryId', multiline: false },
      { field: 'legalName', multiline: false },
    ],
  },
];

function refusedPaths(schema: z.ZodType, body: unknown): string[] {
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe('free text in every request contract', () => {
  for (const contract of contracts) {
    it(`${contract.name} accepts its valid request`, () => {
      expect(refusedPaths(contract.schema, contract.valid)).toEqual([]);
    });
    for (const { field, multiline } of contract.fields) {
      it(`${contract.name} refuses NUL and other control characters in ${field}, naming it`, () => {
        for (const control of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009F', '\uD800']) {
          expect(refusedPaths(contract.schema, { ...contract.valid, [field]: `a${control}b` })).toEqual([field]);
        }
        const lineBreaks = refusedPaths(contract.schema, { ...contract.valid, [field]: 'first\r\nsecond\tthird' });
        expect(lineBreaks).toEqual(multiline ? [] : [field]);
      });
    }
  }

  it('keeps astral-plane and right-to-left text, and counts its length as the console does', () => {
    const beneficiary = freeText({ label: 'Beneficiary', min: 1, max: 200 });
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }), (text) => {
        const trimmed = text.trim();
        const parsed = beneficiary.safeParse(text);
        const acceptable = trimmed.length >= 1 && trimmed.length <= 200 && !/\p{Cc}/u.test(trimmed);
        expect(parsed.success).toBe(acceptable);
        if (parsed.success) expect(parsed.data).toBe(trimmed);
      }),
    );
    expect(beneficiary.parse('שלום עולם \u{1F30D}\u{1F331}')).toBe('שלום עולם \u{1F30D}\u{1F331}');
    const message = beneficiary.safeParse('a\u0000b');
    expect(message.error?.issues[0]?.message).toBe('Beneficiary must not contain control characters or line breaks');
  });
});

describe('numbers every read model can hold', () => {
  const order = { type: 'buy', amount: 1, price: '1.00', projectType: 'Solar Energy', vintage: 2026 };

  it('refuses the order whose value overflowed the AML read model (1,000,000,000 credits at 100,000.00), naming the price', () => {
    const parsed = placeOrderRequest.safeParse({ ...order, amount: 1_000_000_000, price: '100000.00' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['price', `Price must be at most ${MAX_PRICE_PER_CREDIT} per credit`],
    ]);
  });

  it('accepts the largest order and transfer, whose value fits numeric(16, 2) and safe-integer cents', () => {
    const largest = { ...order, amount: MAX_CREDITS, price: `${MAX_PRICE_PER_CREDIT}.00` };
    expect(placeOrderRequest.safeParse(largest).success).toBe(true);
    expect(
      tradeCreditsRequest.safeParse({
        tokenId: 'SOLAR-2026-7F3A9C21',
        amount: MAX_CREDITS,
        buyerAccountId: '0b6a3c59-3c1f-4a43-9d7e-1f0e0a9a1b11',
        price: MAX_PRICE_PER_CREDIT,
      }).success,
    ).toBe(true);
    expect(MAX_NOTIONAL_USD * 100).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    // numeric(16, 2) holds values below 10^14.
    expect(MAX_NOTIONAL_USD).toBeLessThan(10 ** 14);
    expect(placeOrderRequest.safeParse({ ...largest, amount: MAX_CREDITS + 1 }).error?.issues[0]?.path).toEqual(['amount']);
    expect(placeOrderRequest.safeParse({ ...largest, price: '10000.01' }).error?.issues[0]?.path).toEqual(['price']);
  });

  it('bounds XRP so that its drops are a safe integer', () => {
    const trade = { sellerAddress: ADDRESS, amountCRC: 1, issuer: OTHER_ADDRESS, xrplAddress: ADDRESS };
    expect(xrplTradePrepareRequest.safeParse({ ...trade, xrpAmount: MAX_XRP_AMOUNT }).success).toBe(true);
    expect(xrplTradePrepareRequest.safeParse({ ...trade, xrpAmount: MAX_XRP_AMOUNT + 1 }).error?.issues[0]?.path).toEqual(['xrpAmount']);
    expect(MAX_XRP_AMOUNT * 1_000_000).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });
});
