const decimalText = /^(-?)(\d+)(\.\d+)?$/;

/**
 * Groups the whole part of a decimal string without touching its digits, e.g.
 * "1200000.00" -> "1,200,000.00". The API sends exact ledger amounts as text; going through
 * a float would round them. Anything that is not a plain decimal is returned as it came.
 */
export function groupDecimal(text: string): string {
  const match = decimalText.exec(text.trim());
  if (!match) return text;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** An amount with its currency, "1200000.00 XRP" -> "1,200,000.00 XRP". */
export function groupAmount(text: string): string {
  return text.replace(/^-?\d+(?:\.\d+)?/, (number) => groupDecimal(number));
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export function formatLedgerTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const usdPrice = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const usdAmount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 2,
});

/** XRP's price needs more than cents: $0.5234. */
export function formatUsdPrice(value: number): string {
  return usdPrice.format(value);
}

export function formatUsdAmount(value: number): string {
  return usdAmount.format(value);
}

/** Market cap and volume: $30.12B. */
export function formatUsdCompact(value: number): string {
  return usdCompact.format(value);
}

export function formatPercentChange(value: number): string {
  return `${value > 0 ? '+' : ''}${value.toFixed(2)}%`;
}
