import {
  asciiBytes,
  BACKSLASH,
  CAPITAL_E,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DIGIT_0,
  DIGIT_1,
  DOT,
  FIRST_NON_ASCII,
  isDigit,
  LETTER_B,
  LETTER_E,
  LETTER_F,
  LETTER_N,
  LETTER_R,
  LETTER_T,
  LETTER_U,
  MINUS,
  OPEN_BRACE,
  OPEN_BRACKET,
  PLUS,
  QUOTE,
  SPACE,
} from './json-bytes.js';

const DEPTH_LIMIT = 64;
const HEX = '0123456789abcdef';
/** What JSON.stringify writes after a backslash for each control character it escapes briefly. */
const SHORT_ESCAPES: Record<number, number> = { 0x08: LETTER_B, 0x09: LETTER_T, 0x0a: LETTER_N, 0x0c: LETTER_F, 0x0d: LETTER_R };

/**
 * Reads canonical JSON texts straight from bytes, without decoding or parsing
 * them: each method checks that the bytes from `at` are the canonical text of
 * one JSON value (canonicalJson(JSON.parse(text)) === text, as UTF-8) and returns
 * where it ends, or -1. -1 also covers canonical texts it does not handle (keys
 * with escapes or non-ASCII characters, numbers it cannot cheaply prove in
 * shortest form, nesting over 64): the caller then decides the slow way.
 */
export class CanonicalScanner {
  private bytes: Buffer = Buffer.alloc(0);
  private end = 0;

  /** Scan within bytes[0, end). */
  reset(bytes: Buffer, end: number): void {
    this.bytes = bytes;
    this.end = end;
  }

  /** The position after `literal` when the bytes at `at` are exactly `literal` (ASCII), else -1. */
  literal(at: number, literal: Uint8Array): number {
    if (at < 0 || at + literal.length > this.end) return -1;
    for (let index = 0; index < literal.length; index += 1) if (this.bytes[at + index] !== literal[index]) return -1;
    return at + literal.length;
  }

  value(at: number, depth = 0): number {
    if (at < 0 || at >= this.end) return -1;
    const byte = this.bytes[at]!;
    if (byte === QUOTE) return this.string(at, false);
    if (byte === OPEN_BRACE) return this.object(at, depth);
    if (byte === OPEN_BRACKET) return this.array(at, depth);
    if (byte === MINUS || isDigit(byte)) return this.number(at);
    if (byte === LETTER_T) return this.literal(at, TRUE);
    if (byte === LETTER_F) return this.literal(at, FALSE);
    if (byte === LETTER_N) return this.literal(at, NULL);
    return -1;
  }

  /** A canonical string; as a key only plain ASCII without escapes, whose byte order is canonicalJson's order. */
  string(at: number, key: boolean): number {
    const { bytes, end } = this;
    if (at < 0 || at >= end || bytes[at] !== QUOTE) return -1;
    let position = at + 1;
    while (position < end) {
      const byte = bytes[position]!;
      if (byte === QUOTE) return position + 1;
      if (byte >= SPACE && byte < FIRST_NON_ASCII && byte !== BACKSLASH) {
        position += 1;
      } else if (key) {
        return -1;
      } else if (byte === BACKSLASH) {
        position = this.escape(position);
        if (position < 0) return -1;
      } else if (byte >= FIRST_NON_ASCII) {
        position = this.utf8(position);
        if (position < 0) return -1;
      } else {
        return -1; // a raw control character
      }
    }
    return -1;
  }

  /** An escape exactly as JSON.stringify writes it (lone surrogates, which it escapes too, are left to the slow path). */
  private escape(at: number): number {
    const { bytes, end } = this;
    if (at + 1 >= end) return -1;
    const next = bytes[at + 1]!;
    if (next === QUOTE || next === BACKSLASH || next === LETTER_B || next === LETTER_F || next === LETTER_N || next === LETTER_R || next === LETTER_T)
      return at + 2;
    if (next !== LETTER_U || at + 6 > end || bytes[at + 2] !== DIGIT_0 || bytes[at + 3] !== DIGIT_0) return -1;
    const high = bytes[at + 4]!;
    const low = bytes[at + 5]!;
    if (high !== DIGIT_0 && high !== DIGIT_1) return -1;
    const lowValue = HEX.indexOf(String.fromCharCode(low));
    if (lowValue < 0) return -1;
    const code = (high - DIGIT_0) * 16 + lowValue;
    return SHORT_ESCAPES[code] === undefined ? at + 6 : -1;
  }

  /** One well-formed UTF-8 sequence (no overlong forms, surrogates or code points above U+10FFFF): the byte ranges of Unicode's table 3-7. */
  private utf8(at: number): number {
    const { bytes, end } = this;
    const lead = bytes[at]!;
    let length: number;
    let min = 0x80;
    let max = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) min = 0xa0;
      if (lead === 0xed) max = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) min = 0x90;
      if (lead === 0xf4) max = 0x8f;
    } else return -1;
    if (at + length > end) return -1;
    const second = bytes[at + 1]!;
    if (second < min || second > max) return -1;
    for (let index = 2; index < length; index += 1) {
      const byte = bytes[at + index]!;
      if (byte < 0x80 || byte > 0xbf) return -1;
    }
    return at + length;
  }

  /** A number as JSON.stringify writes it: its shortest round-trip form. */
  private number(at: number): number {
    const { bytes, end } = this;
    let position = at;
    let plainInteger = true;
    while (position < end) {
      const byte = bytes[position]!;
      if (isDigit(byte)) position += 1;
      else if (byte === MINUS || byte === PLUS || byte === DOT || byte === LETTER_E || byte === CAPITAL_E) {
        if (position !== at || byte !== MINUS) plainInteger = false;
        position += 1;
      } else break;
    }
    const negative = bytes[at] === MINUS;
    const digits = position - at - (negative ? 1 : 0);
    if (digits === 0) return -1;
    const first = bytes[at + (negative ? 1 : 0)]!;
    // Up to 15 digits, no leading zero and no "-0": exactly representable, so written as is.
    if (plainInteger && digits <= 15 && (first !== DIGIT_0 || (digits === 1 && !negative))) return position;
    const text = bytes.toString('latin1', at, position);
    const number = Number(text);
    return Number.isFinite(number) && String(number) === text ? position : -1;
  }

  private array(at: number, depth: number): number {
    if (depth >= DEPTH_LIMIT) return -1;
    let position = at + 1;
    if (position < this.end && this.bytes[position] === CLOSE_BRACKET) return position + 1;
    for (;;) {
      position = this.value(position, depth + 1);
      if (position < 0 || position >= this.end) return -1;
      const byte = this.bytes[position]!;
      position += 1;
      if (byte === CLOSE_BRACKET) return position;
      if (byte !== COMMA) return -1;
    }
  }

  /** An object whose keys strictly ascend (so none repeats), as canonicalJson sorts them. */
  private object(at: number, depth: number): number {
    if (depth >= DEPTH_LIMIT) return -1;
    const { bytes } = this;
    let position = at + 1;
    if (position < this.end && bytes[position] === CLOSE_BRACE) return position + 1;
    let previousStart = -1;
    let previousEnd = -1;
    for (;;) {
      const keyStart = position;
      position = this.string(position, true);
      if (position < 0) return -1;
      if (previousStart >= 0 && !ascending(bytes, previousStart + 1, previousEnd - 1, keyStart + 1, position - 1)) return -1;
      previousStart = keyStart;
      previousEnd = position;
      if (position >= this.end || bytes[position] !== COLON) return -1;
      position = this.value(position + 1, depth + 1);
      if (position < 0 || position >= this.end) return -1;
      const byte = bytes[position]!;
      position += 1;
      if (byte === CLOSE_BRACE) return position;
      if (byte !== COMMA) return -1;
    }
  }
}

const TRUE = asciiBytes('true');
const FALSE = asciiBytes('false');
const NULL = asciiBytes('null');

/** bytes[a, aEnd) < bytes[b, bEnd), comparing ASCII bytes (= UTF-16 code units). */
function ascending(bytes: Buffer, a: number, aEnd: number, b: number, bEnd: number): boolean {
  const length = Math.min(aEnd - a, bEnd - b);
  for (let index = 0; index < length; index += 1) {
    const left = bytes[a + index]!;
    const right = bytes[b + index]!;
    if (left !== right) return left < right;
  }
  return aEnd - a < bEnd - b;
}
