/** What the platform's retirement memo on XRPL names. */
export interface RetirementMemo {
  readonly retirementId: string;
  readonly tokenId: string;
  readonly quantity: number;
  readonly beneficiary: string;
  readonly purpose: string;
  readonly serials: readonly string[];
}

/**
 * rippled refuses a transaction whose serialized Memos exceed 1024 bytes ("The memo exceeds the
 * maximum allowed size"); this leaves room for the MemoType and the field headers.
 */
export const RETIREMENT_MEMO_MAX_BYTES = 900;
const ELLIPSIS = '…';
const utf8 = new TextEncoder();
const byteLength = (text: string): number => utf8.encode(text).length;

/**
 * The memo as JSON within `maxBytes` of UTF-8. A beneficiary, purpose or serial list too long for
 * it (the contracts take up to 200 and 500 characters, up to 4 bytes each) is shortened, on
 * character boundaries and marked with an ellipsis: the memo points at the retirement, whose full
 * record is in the log and on its certificate. Ids and quantity are never shortened.
 */
export function retirementMemoJson(memo: RetirementMemo, maxBytes = RETIREMENT_MEMO_MAX_BYTES): string {
  let fields = { ...memo, serials: [...memo.serials] };
  const fits = (candidate: typeof fields): boolean => byteLength(JSON.stringify(candidate)) <= maxBytes;
  if (fits(fields)) return JSON.stringify(fields);
  for (const key of ['purpose', 'beneficiary'] as const) {
    const characters = Array.from(fields[key]);
    const shortened = (keep: number): typeof fields => ({
      ...fields,
      [key]: keep >= characters.length ? fields[key] : `${characters.slice(0, keep).join('')}${ELLIPSIS}`,
    });
    fields = shortened(longestFitting(characters.length, (keep) => fits(shortened(keep))));
    if (fits(fields)) return JSON.stringify(fields);
  }
  const serials = fields.serials;
  const withSerials = (keep: number): typeof fields => ({ ...fields, serials: keep >= serials.length ? serials : [...serials.slice(0, keep), ELLIPSIS] });
  fields = withSerials(longestFitting(serials.length, (keep) => fits(withSerials(keep))));
  return JSON.stringify(fields);
}

/** The largest n in 0..max with fits(n), for a fits that holds up to some n and not beyond (0 when none holds). */
function longestFitting(max: number, fits: (n: number) => boolean): number {
  let low = 0;
  let high = max;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}
