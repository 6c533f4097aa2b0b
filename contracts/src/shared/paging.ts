import { z } from 'zod';
import { wholeNumberParam } from './whole-number-param.js';

/**
 * Cursor paging, the one rule of every list that grows with the log (docs/architecture.md, read path):
 * `?limit=` rows per page (1 to PAGE_MAX_LIMIT) and `?cursor=` the `nextCursor` of the page before.
 * A cursor is the sort key of the last row it answered, so the next page starts right after that row
 * whatever was appended meanwhile: rows that were there are answered once each, in order.
 */
export const PAGE_MAX_LIMIT = 200;

/** The sort key of a row as a cursor keeps it: each part as text (instants to the microsecond, log positions as decimals). */
export type CursorKey = readonly string[];

/** The parts of sort keys, each as text. */
export const cursorKeyParts = {
  /** An instant to the microsecond, as PostgreSQL keeps a timestamptz (a JS Date keeps milliseconds only). */
  instant: z.iso.datetime(),
  /** A commit or prepare position of the log. */
  position: z.string().regex(/^\d{1,19}$/),
  uuid: z.uuid(),
  /** A funds row's place in the log: commit and prepare positions, zero-padded (and an index), joined by colons. */
  logOrder: z.string().regex(/^[\d:]{1,80}$/),
  /** A text id (a batch's token id), ordered as PostgreSQL orders text. */
  name: z.string().min(1).max(100),
} as const;

/** The key of a list newest first by when a row happened, then by its log position (unique): retirements, trades, cancellations. */
export const newestByLogKey = z.tuple([cursorKeyParts.instant, cursorKeyParts.position, cursorKeyParts.position]);

/** The key of a list newest first by when a row happened, then by its text id: batches (by batch id), projects (by project id). */
export const newestByNameKey = z.tuple([cursorKeyParts.instant, cursorKeyParts.name]);

const CURSOR_MAX_LENGTH = 512;

/**
 * A check over the list and the key: a cursor edited by hand (or cut short) is refused rather than
 * answered as some other page. Not a secret: a cursor only says where a list the caller may read
 * anyway goes on, so a forged one gains nothing.
 */
function checksum(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

// Keys are ASCII (instants, decimals, ids), so btoa and atob (in browsers and Node) encode them whole.
const toBase64Url = (text: string): string => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (text: string): string => atob(text.replaceAll('-', '+').replaceAll('_', '/'));

/** The opaque cursor of `list` that resumes after the row with this key. */
export function encodeCursor(list: string, key: CursorKey): string {
  const parts = [list, ...key];
  return toBase64Url(JSON.stringify({ p: parts, c: checksum(JSON.stringify(parts)) }));
}

const cursorEnvelope = z.object({ p: z.array(z.string()).min(1), c: z.string() });

/** The key a cursor of `list` holds; undefined for anything else (garbage, another list's, edited). */
export function decodeCursor<Key extends z.ZodType<CursorKey>>(list: string, key: Key, cursor: string): z.infer<Key> | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let envelope: z.infer<typeof cursorEnvelope>;
  try {
    const parsed = cursorEnvelope.safeParse(JSON.parse(fromBase64Url(cursor)));
    if (!parsed.success) return undefined;
    envelope = parsed.data;
  } catch {
    return undefined;
  }
  const [named, ...parts] = envelope.p;
  if (named !== list || envelope.c !== checksum(JSON.stringify(envelope.p))) return undefined;
  const decoded = key.safeParse(parts);
  return decoded.success ? decoded.data : undefined;
}

/** `?cursor=` of `list`, parsed into the sort key it holds; anything but a cursor this list answered is refused. */
export function cursorParam<Key extends z.ZodType<CursorKey>>(list: string, key: Key) {
  return z
    .string()
    .max(CURSOR_MAX_LENGTH, 'cursor is not a cursor of this list: start again without one')
    .transform((cursor, context): z.infer<Key> => {
      const decoded = decodeCursor(list, key, cursor);
      if (decoded === undefined) {
        context.addIssue({ code: 'custom', message: 'cursor is not a cursor of this list: start again without one' });
        return z.NEVER;
      }
      return decoded;
    })
    .optional()
    .meta({ description: `The nextCursor of the page before (opaque); absent for the first page` });
}

/** `?limit=&cursor=` of a paged list: `fallback` rows when no limit is given. */
export function pageQuery<Key extends z.ZodType<CursorKey>>(list: string, key: Key, fallback: number, max = PAGE_MAX_LIMIT) {
  return z.object({ limit: wholeNumberParam('limit', max, fallback), cursor: cursorParam(list, key) });
}

/** Where a paged answer goes on: the cursor of the next page, null on the last page. */
export const nextCursorField = z.string().nullable().meta({ description: 'Pass as ?cursor= for the next page; null on the last page' });

/**
 * One page out of `rows`, read with `limit + 1` so a further row tells that there is a next page
 * without counting the rest; the cursor holds the key of the last row answered.
 */
export function pageOf<Row>(rows: readonly Row[], limit: number, list: string, keyOf: (row: Row) => CursorKey): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last !== undefined ? encodeCursor(list, keyOf(last)) : null };
}
