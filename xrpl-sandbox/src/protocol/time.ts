/** Seconds between the Unix epoch and the Ripple epoch (2000-01-01T00:00:00Z). */
export const RIPPLE_EPOCH_OFFSET = 946_684_800;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function rippleTimeFromUnixMs(ms: number): number {
  return Math.floor(ms / 1000) - RIPPLE_EPOCH_OFFSET;
}

function dateOf(rippleTime: number): Date {
  return new Date((rippleTime + RIPPLE_EPOCH_OFFSET) * 1000);
}

/** to_string_iso: 2024-01-01T00:00:00Z */
export function isoFromRippleTime(rippleTime: number): string {
  return dateOf(rippleTime)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

/** AMM auction slot expiration as amm_info prints it: 2024-01-01T00:00:00+0000 */
export function iso8601OffsetFromRippleTime(rippleTime: number): string {
  return isoFromRippleTime(rippleTime).replace(/Z$/, '+0000');
}

function humanDate(date: Date, fraction: string): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const month = MONTHS[date.getUTCMonth()] ?? 'Jan';
  return (
    `${date.getUTCFullYear()}-${month}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${fraction} UTC`
  );
}

/** close_time_human: 2024-Jan-01 00:00:00.000000000 UTC */
export function humanFromRippleTime(rippleTime: number): string {
  return humanDate(dateOf(rippleTime), '000000000');
}

/** server_info "time": 2024-Jan-01 00:00:00.123456 UTC */
export function serverTimeText(nowMs: number): string {
  const date = new Date(nowMs);
  return humanDate(date, String(date.getUTCMilliseconds() * 1000).padStart(6, '0'));
}
