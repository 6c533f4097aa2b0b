import { CREDIT_CURRENCY, displayCurrency } from '@carbon-ledger/contracts';

/** XRP shown as drops / 1,000,000 with 2 decimals (spec section 9). */
export function dropsToXrpText(drops: string | number | bigint): string {
  const value = BigInt(drops);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  // Round half up to cents of an XRP (10,000 drops).
  const cents = (abs + 5_000n) / 10_000n;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

export interface LedgerAmountParts {
  readonly value: number;
  readonly currency: string;
}

/** An amount as the ledger writes it: drops (string) or an issued-currency object. */
export function amountParts(amount: unknown): LedgerAmountParts | undefined {
  if (typeof amount === 'string') return { value: Number(amount) / 1_000_000, currency: 'XRP' };
  if (amount && typeof amount === 'object' && 'value' in amount && 'currency' in amount) {
    const { value, currency } = amount as { value: string; currency: string };
    return { value: Number(value), currency: displayCurrency(currency) };
  }
  return undefined;
}

export function formatAmount(amount: unknown): string | null {
  const parts = amountParts(amount);
  if (!parts) return null;
  return parts.currency === 'XRP' ? `${dropsToXrpText(String(amount))} XRP` : `${trimDecimal(parts.value)} ${parts.currency}`;
}

export function trimDecimal(value: number, decimals = 6): string {
  return Number(value.toFixed(decimals)).toString();
}

/** One NXCC is one tCO2e credit; a swap into NXCC moves that much climate action (SDG 13). */
export function sdgImpactOf(parts: LedgerAmountParts | undefined): string {
  if (!parts || parts.currency !== CREDIT_CURRENCY) return 'SDG 13 Climate Action: liquidity for verified credits';
  return `SDG 13 Climate Action: ${trimDecimal(parts.value, 2)} tCO2e of verified credits`;
}

/** rippled close times: ISO when given, else seconds since 2000-01-01. */
export function ledgerTime(closeTimeIso: unknown, rippleDate: unknown): string {
  if (typeof closeTimeIso === 'string') return new Date(closeTimeIso).toISOString();
  if (typeof rippleDate === 'number') return new Date((rippleDate + 946_684_800) * 1000).toISOString();
  return new Date(0).toISOString();
}

/** Drops an account paid in a transaction apart from its fee, from the metadata's AccountRoot balances. */
export function xrpSpentBy(meta: unknown, account: string, feeDrops: string): bigint {
  const nodes = meta && typeof meta === 'object' && 'AffectedNodes' in meta && Array.isArray(meta.AffectedNodes) ? (meta.AffectedNodes as unknown[]) : [];
  for (const node of nodes) {
    const modified = node && typeof node === 'object' && 'ModifiedNode' in node ? (node.ModifiedNode as Record<string, unknown>) : undefined;
    if (modified?.LedgerEntryType !== 'AccountRoot') continue;
    const final = modified.FinalFields as { Account?: string; Balance?: string } | undefined;
    const previous = modified.PreviousFields as { Balance?: string } | undefined;
    if (final?.Account !== account || typeof final.Balance !== 'string' || typeof previous?.Balance !== 'string') continue;
    return BigInt(previous.Balance) - BigInt(final.Balance) - BigInt(feeDrops);
  }
  return 0n;
}
