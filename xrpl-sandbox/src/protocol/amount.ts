import { ACCOUNT_ZERO, accountIdBytes, compareAccounts, isValidAddress } from './accounts.js';
import type { Bytes } from './hash.js';
import { bytesToHex, hexToBytes } from './hash.js';
import type { Json } from './json.js';
import { isJsonObject } from './json.js';
import type { RoundingMode } from './number.js';
import { Num } from './number.js';

export const MAX_DROPS = 100_000_000_000_000_000n;
const MIN_IOU_EXPONENT = -96;
const MAX_IOU_EXPONENT = 80;

/** A currency/issuer pair; XRP is { currency: 'XRP', issuer: ACCOUNT_ZERO } like rippled's xrpIssue(). */
export interface Issue {
  readonly currency: string;
  readonly issuer: string;
}

export const XRP_ISSUE: Issue = { currency: 'XRP', issuer: ACCOUNT_ZERO };

export interface XrpAmount {
  readonly kind: 'xrp';
  readonly drops: bigint;
}

export interface IouAmount {
  readonly kind: 'iou';
  readonly currency: string;
  readonly issuer: string;
  readonly value: Num;
}

export type Amount = XrpAmount | IouAmount;

const ISO_CHARS = /^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/;

/** Canonical JSON spelling of a currency (3-letter code when the 160-bit form is a standard code). */
export function normalizeCurrency(code: string): string | undefined {
  if (code.length === 3) return ISO_CHARS.test(code) ? code : undefined;
  if (!/^[0-9A-Fa-f]{40}$/.test(code)) return undefined;
  const hex = code.toUpperCase();
  if (/^0{40}$/.test(hex)) return 'XRP';
  const bytes = hexToBytes(hex);
  const standard = bytes.every((byte, i) => (i >= 12 && i < 15) || byte === 0);
  if (standard) {
    const text = Buffer.from(bytes.slice(12, 15)).toString('latin1');
    if (ISO_CHARS.test(text) && text !== 'XRP') return text;
  }
  return hex;
}

export function currencyBytes(code: string): Bytes {
  if (code === 'XRP') return new Uint8Array(20);
  if (code.length === 3) {
    const out = new Uint8Array(20);
    out.set(Buffer.from(code, 'latin1'), 12);
    return out;
  }
  return hexToBytes(code);
}

export function currencyHex(code: string): string {
  return bytesToHex(currencyBytes(code));
}

export function compareCurrencies(a: string, b: string): number {
  return Buffer.compare(currencyBytes(a), currencyBytes(b));
}

export function isXrpIssue(issue: Issue): boolean {
  return issue.currency === 'XRP';
}

/** rippled orders issues by currency, then (for non-XRP) by issuer. */
export function compareIssues(a: Issue, b: Issue): number {
  const byCurrency = compareCurrencies(a.currency, b.currency);
  if (byCurrency !== 0) return byCurrency;
  if (isXrpIssue(a)) return 0;
  return compareAccounts(a.issuer, b.issuer);
}

export function issueEquals(a: Issue, b: Issue): boolean {
  return compareIssues(a, b) === 0;
}

export function issueOf(amount: Amount): Issue {
  return amount.kind === 'xrp' ? XRP_ISSUE : { currency: amount.currency, issuer: amount.issuer };
}

export function xrp(drops: bigint): XrpAmount {
  return { kind: 'xrp', drops };
}

export function iou(issue: Issue, value: Num): IouAmount {
  if (!value.isZero() && value.exponent < MIN_IOU_EXPONENT) value = Num.zero;
  if (!value.isZero() && value.exponent > MAX_IOU_EXPONENT) throw new RangeError('Issued amount overflow');
  return { kind: 'iou', currency: issue.currency, issuer: issue.issuer, value };
}

export function zeroAmount(issue: Issue): Amount {
  return isXrpIssue(issue) ? xrp(0n) : iou(issue, Num.zero);
}

/** Builds an amount of `issue` from a decimal number; XRP values are drops. */
export function amountFromNum(issue: Issue, value: Num, mode: RoundingMode = 'nearest'): Amount {
  return isXrpIssue(issue) ? xrp(value.toBigInt(mode)) : iou(issue, value);
}

/** XRP amounts become their drop count, like rippled's STAmount -> Number conversion. */
export function amountToNum(amount: Amount): Num {
  return amount.kind === 'xrp' ? Num.fromBigInt(amount.drops) : amount.value;
}

export function signum(amount: Amount): -1 | 0 | 1 {
  if (amount.kind === 'xrp') return amount.drops === 0n ? 0 : amount.drops < 0n ? -1 : 1;
  return amount.value.signum();
}

export function isZero(amount: Amount): boolean {
  return signum(amount) === 0;
}

export function negate(amount: Amount): Amount {
  return amount.kind === 'xrp' ? xrp(-amount.drops) : iou(amount, amount.value.negate());
}

function assertSameKind(a: Amount, b: Amount): void {
  if (a.kind !== b.kind) throw new TypeError('Amounts of different kinds');
}

export function addAmounts(a: Amount, b: Amount, mode: RoundingMode = 'nearest'): Amount {
  assertSameKind(a, b);
  if (a.kind === 'xrp' && b.kind === 'xrp') return xrp(a.drops + b.drops);
  return iou(issueOf(a), amountToNum(a).add(amountToNum(b), mode));
}

export function subAmounts(a: Amount, b: Amount, mode: RoundingMode = 'nearest'): Amount {
  return addAmounts(a, negate(b), mode);
}

export function compareAmounts(a: Amount, b: Amount): number {
  assertSameKind(a, b);
  if (a.kind === 'xrp' && b.kind === 'xrp') return a.drops === b.drops ? 0 : a.drops < b.drops ? -1 : 1;
  return amountToNum(a).compare(amountToNum(b));
}

export function minAmount(a: Amount, b: Amount): Amount {
  return compareAmounts(a, b) <= 0 ? a : b;
}

export function withIssuer(amount: IouAmount, issuer: string): IouAmount {
  return { ...amount, issuer };
}

export function amountToJson(amount: Amount): Json {
  if (amount.kind === 'xrp') return amount.drops.toString();
  return { currency: amount.currency, issuer: amount.issuer, value: amount.value.toText() };
}

export function issueToJson(issue: Issue): Json {
  return isXrpIssue(issue) ? { currency: 'XRP' } : { currency: issue.currency, issuer: issue.issuer };
}

/** Parses an Amount as it appears in transaction/ledger JSON. Undefined when malformed. */
export function amountFromJson(json: unknown): Amount | undefined {
  if (typeof json === 'string') {
    if (!/^-?\d+$/.test(json)) return undefined;
    const drops = BigInt(json);
    if (drops > MAX_DROPS || drops < -MAX_DROPS) return undefined;
    return xrp(drops);
  }
  if (!isJsonObject(json)) return undefined;
  const { currency, issuer, value } = json;
  if (typeof currency !== 'string' || typeof issuer !== 'string' || typeof value !== 'string') return undefined;
  const code = normalizeCurrency(currency);
  const parsed = Num.parse(value);
  if (code === undefined || parsed === undefined || !isValidAddress(issuer)) return undefined;
  return iou({ currency: code, issuer }, parsed);
}

/** Parses an Issue object ({currency: 'XRP'} or {currency, issuer}). */
export function issueFromJson(json: unknown): Issue | undefined {
  if (!isJsonObject(json) || typeof json.currency !== 'string') return undefined;
  const code = normalizeCurrency(json.currency);
  if (code === undefined) return undefined;
  if (code === 'XRP') return json.issuer === undefined ? XRP_ISSUE : undefined;
  if (!isValidAddress(json.issuer)) return undefined;
  return { currency: code, issuer: json.issuer };
}

export function issueBytes(issue: Issue): { currency: Bytes; account: Bytes } {
  return { currency: currencyBytes(issue.currency), account: accountIdBytes(issue.issuer) };
}
