import { z } from 'zod';

const DAY_MS = 86_400_000;
const BARE_DATE_LENGTH = 'YYYY-MM-DD'.length;

export interface DateRange {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/**
 * A date range as instants (ms since the epoch), compared as instants, never as text:
 * a bare date as `to` means the whole of that day (UTC), as `from` its first moment.
 */
export function dateRangeBounds(range: DateRange): { from: number; to: number } {
  return {
    from: range.from ? Date.parse(range.from) : Number.NEGATIVE_INFINITY,
    to: range.to ? Date.parse(range.to) + (range.to.length === BARE_DATE_LENGTH ? DAY_MS - 1 : 0) : Number.POSITIVE_INFINITY,
  };
}

/** `{ from?, to? }`, each a date (YYYY-MM-DD) or an instant (ISO 8601, UTC); the start must not be after the end. */
export function dateRangeSchema(inverted: string) {
  const bound = z.iso.date().or(z.iso.datetime()).optional();
  return z.object({ from: bound, to: bound }).refine((range) => dateRangeBounds(range).from <= dateRangeBounds(range).to, { message: inverted });
}
