/** The ASCII bytes the evidence scanners look for, by name. */
const ascii = (character: string): number => character.charCodeAt(0);

export const LINE_FEED = ascii('\n');
export const CARRIAGE_RETURN = ascii('\r');
export const SPACE = ascii(' ');
export const QUOTE = ascii('"');
export const BACKSLASH = ascii('\\');
export const COLON = ascii(':');
export const COMMA = ascii(',');
export const OPEN_BRACE = ascii('{');
export const CLOSE_BRACE = ascii('}');
export const OPEN_BRACKET = ascii('[');
export const CLOSE_BRACKET = ascii(']');
export const MINUS = ascii('-');
export const PLUS = ascii('+');
export const DOT = ascii('.');
export const DIGIT_0 = ascii('0');
export const DIGIT_1 = ascii('1');
export const DIGIT_9 = ascii('9');
export const LETTER_A = ascii('a');
export const LETTER_B = ascii('b');
export const LETTER_E = ascii('e');
export const CAPITAL_E = ascii('E');
export const LETTER_F = ascii('f');
export const LETTER_N = ascii('n');
export const LETTER_R = ascii('r');
export const LETTER_T = ascii('t');
export const LETTER_U = ascii('u');
/** Bytes from here on belong to multi-byte UTF-8 sequences. */
export const FIRST_NON_ASCII = 0x80;

/** ASCII text as bytes, for comparing against a line as it stands. */
export const asciiBytes = (text: string): Buffer => Buffer.from(text, 'latin1');

export function isDigit(byte: number): boolean {
  return byte >= DIGIT_0 && byte <= DIGIT_9;
}
