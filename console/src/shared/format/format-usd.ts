const groupedWholeDollars = new Intl.NumberFormat('en-US', { useGrouping: true });

/** Exact dollars-and-cents text, e.g. 125000n -> "$1,250.00". */
export function formatUsdCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  const whole = groupedWholeDollars.format(absolute / 100n);
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${sign}$${whole}.${fraction}`;
}

const twoDecimalPrice = /^(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Cents of a decimal price string such as "12.5" or "12.50". The API sends 2-decimal
 * strings, parsed exactly; anything else goes through Number and is rounded.
 */
export function priceToCents(price: string): bigint {
  const match = twoDecimalPrice.exec(price);
  if (match?.[1] !== undefined) {
    return BigInt(match[1]) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
  }
  const value = Number(price);
  return Number.isFinite(value) ? BigInt(Math.round(value * 100)) : 0n;
}

/** A USD amount the API sends as a number (2 decimals), e.g. 12500 -> "$12,500.00". */
export function formatUsd(amount: number): string {
  return formatUsdCents(BigInt(Math.round(amount * 100)));
}
