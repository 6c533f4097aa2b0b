import { z } from 'zod';

/**
 * C0 and C1 control characters and DEL (Unicode's Cc: U+0000-U+001F, U+007F-U+009F). PostgreSQL text cannot hold U+0000 at all, and the others
 * have no business in a name, a purpose or an id (they hide or reorder what a reviewer sees).
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** A high surrogate without its low one, or a low one without its high one. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The same, less the line breaks and tab a multi-line field keeps. */
const CONTROL_CHARACTER_BUT_LINE_BREAK = /(?![\n\r\t])\p{Cc}/u;

export interface FreeTextOptions {
  /** Longest accepted text, in UTF-16 code units (what zod's and the console's max count), after trimming. */
  readonly max: number;
  /** Shortest accepted text after trimming; 0 (the default) accepts an empty string. */
  readonly min?: number;
  /** Keeps line breaks and tabs (a description, a purpose); single-line fields refuse them. */
  readonly multiline?: boolean;
  /** Names the field in messages ("Beneficiary must …"). */
  readonly label: string;
  /** Message for a missing or too short value; "<label> is required" when unset. */
  readonly requiredMessage?: string;
  /** Message for a value over `max`; "<label> must be at most <max> characters" when unset. */
  readonly tooLongMessage?: string;
}

/**
 * A free-text request field every read model can store as it is: trimmed, bounded, no control
 * characters (line breaks only when multi-line) and no lone UTF-16 surrogates (which no UTF-8
 * column can hold). Every request contract's free text goes through here (docs/totality.md).
 */
export function freeText(options: FreeTextOptions) {
  const { max, min = 0, multiline = false, label } = options;
  const required = options.requiredMessage ?? `${label} is required`;
  const control = multiline ? CONTROL_CHARACTER_BUT_LINE_BREAK : CONTROL_CHARACTER;
  const controlMessage = multiline ? `${label} must not contain control characters` : `${label} must not contain control characters or line breaks`;
  return z
    .string({ error: required })
    .trim()
    .min(min, required)
    .max(max, options.tooLongMessage ?? `${label} must be at most ${max} characters`)
    .refine((text) => !control.test(text), controlMessage)
    .refine((text) => !LONE_SURROGATE.test(text), `${label} must be valid Unicode text`);
}

/** True when `text` holds a character `freeText` refuses in a multi-line field (for checks outside zod). */
export function hasControlCharacter(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARACTER_BUT_LINE_BREAK : CONTROL_CHARACTER).test(text);
}
