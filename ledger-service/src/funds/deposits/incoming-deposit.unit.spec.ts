import { describe, expect, it } from 'vitest';
import { classifyTransaction, tokenValueToCents } from './incoming-deposit.js';

const DEPOSIT = 'rDepositAddressXXXXXXXXXXXXXXXXXX';
const ISSUER = 'rIssuerOfTheUsdXXXXXXXXXXXXXXXXXX';
const SENDER = 'rSenderOfThePaymentXXXXXXXXXXXXXX';
const token = { currency: 'USD', issuer: ISSUER };
const HASH = 'AB'.repeat(32);

/** An account_tx entry (API v2) of a payment to the deposit address, with what to change. */
function entry(tx: Record<string, unknown> = {}, meta: Record<string, unknown> = {}, outer: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hash: HASH,
    ledger_index: 42,
    validated: true,
    tx_json: {
      TransactionType: 'Payment',
      Account: SENDER,
      Destination: DEPOSIT,
      DestinationTag: 7,
      DeliverMax: { currency: 'USD', issuer: ISSUER, value: '100' },
      Flags: 0,
      ...tx,
    },
    meta: { TransactionResult: 'tesSUCCESS', delivered_amount: { currency: 'USD', issuer: ISSUER, value: '100' }, ...meta },
    ...outer,
  };
}

describe('tokenValueToCents', () => {
  it('reads the ledger’s decimal and exponent forms exactly, rounding down to the cent', () => {
    expect(tokenValueToCents('100')).toBe(10_000);
    expect(tokenValueToCents('0.29')).toBe(29);
    expect(tokenValueToCents('12.345')).toBe(1_234);
    expect(tokenValueToCents('1.5e3')).toBe(150_000);
    expect(tokenValueToCents('1e-7')).toBe(0);
    expect(tokenValueToCents('9999999999999999e80')).toBeUndefined();
    expect(tokenValueToCents('-5')).toBeUndefined();
    expect(tokenValueToCents('1e999999')).toBeUndefined();
    expect(tokenValueToCents('abc')).toBeUndefined();
  });
});

describe('classifyTransaction: what counts as a deposit of the settlement token', () => {
  it('a validated, successful payment of the token to the deposit address, by what the ledger delivered', () => {
    expect(classifyTransaction(entry(), DEPOSIT, token)).toEqual({
      kind: 'deposit',
      deposit: { txHash: HASH, sender: SENDER, destinationTag: 7, amountCents: 10_000, currency: 'USD', issuer: ISSUER, ledgerIndex: 42 },
    });
  });

  it('a partial payment counts its delivered_amount, not its Amount', () => {
    const partial = entry({ Flags: 0x0002_0000 }, { delivered_amount: { currency: 'USD', issuer: ISSUER, value: '3.5' } });
    expect(classifyTransaction(partial, DEPOSIT, token)).toMatchObject({ kind: 'deposit', deposit: { amountCents: 350 } });
    // A partial payment whose metadata names no delivered amount is not guessed from Amount.
    const unknown = entry({ Flags: 0x0002_0000 }, { delivered_amount: undefined });
    expect(classifyTransaction(unknown, DEPOSIT, token)).toMatchObject({ kind: 'ignored', reason: 'no delivered amount' });
  });

  it('keeps a payment without a destination tag (to be held), and reads API v1 entries', () => {
    expect(classifyTransaction(entry({ DestinationTag: undefined }), DEPOSIT, token)).toMatchObject({
      kind: 'deposit',
      deposit: { destinationTag: undefined },
    });
    const { tx_json: tx, hash, ...rest } = entry();
    expect(classifyTransaction({ ...rest, tx: { ...(tx as object), hash } }, DEPOSIT, token)).toMatchObject({ kind: 'deposit', deposit: { txHash: HASH } });
  });

  it('ignores other currencies and issuers, XRP, failures, unvalidated entries, other types, outgoing payments and dust', () => {
    const ignored = (value: unknown) => classifyTransaction(value, DEPOSIT, token).kind;
    expect(ignored(entry({}, { delivered_amount: { currency: 'EUR', issuer: ISSUER, value: '100' } }))).toBe('ignored');
    expect(ignored(entry({}, { delivered_amount: { currency: 'USD', issuer: SENDER, value: '100' } }))).toBe('ignored');
    expect(ignored(entry({ DeliverMax: '1000000' }, { delivered_amount: '1000000' }))).toBe('ignored');
    expect(ignored(entry({}, { TransactionResult: 'tecPATH_PARTIAL' }))).toBe('ignored');
    expect(ignored(entry({}, {}, { validated: false }))).toBe('ignored');
    expect(ignored(entry({ TransactionType: 'TrustSet' }))).toBe('ignored');
    expect(ignored(entry({ Account: DEPOSIT, Destination: SENDER }))).toBe('ignored');
    expect(ignored(entry({}, { delivered_amount: { currency: 'USD', issuer: ISSUER, value: '0.001' } }))).toBe('ignored');
    expect(ignored(entry({}, {}, { meta: 'BINARY' }))).toBe('ignored');
    expect(ignored('not an entry')).toBe('ignored');
  });

  it('matches a 40-hex currency code of the configured token whatever its case', () => {
    const rlusd = { currency: '524C555344000000000000000000000000000000', issuer: ISSUER };
    const paid = entry({}, { delivered_amount: { currency: rlusd.currency, issuer: ISSUER, value: '1' } });
    expect(classifyTransaction(paid, DEPOSIT, { ...rlusd, currency: rlusd.currency.toLowerCase() })).toMatchObject({
      kind: 'deposit',
      deposit: { amountCents: 100 },
    });
  });
});
