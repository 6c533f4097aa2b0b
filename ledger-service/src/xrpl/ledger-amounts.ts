import { CREDIT_CURRENCY, CREDIT_CURRENCY_CODE, displayCurrency } from '@carbon-ledger/contracts';

/** XRP displayed as drops / 1,000,000 with 2 decimals (the product's display format). */
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

type LedgerFields = Record<string, unknown>;

/** The fields a transaction left on each ledger entry it created or modified. */
function entriesAfter(meta: unknown): { type: unknown; fields: LedgerFields }[] {
  const nodes = meta && typeof meta === 'object' && 'AffectedNodes' in meta && Array.isArray(meta.AffectedNodes) ? (meta.AffectedNodes as unknown[]) : [];
  return nodes.flatMap((node) => {
    if (!node || typeof node !== 'object') return [];
    const entry = ('ModifiedNode' in node ? node.ModifiedNode : 'CreatedNode' in node ? node.CreatedNode : undefined) as LedgerFields | undefined;
    const fields = (entry?.FinalFields ?? entry?.NewFields) as LedgerFields | undefined;
    return entry && fields ? [{ type: entry.LedgerEntryType, fields }] : [];
  });
}

function issuerOf(limit: unknown): unknown {
  return limit && typeof limit === 'object' && 'issuer' in limit ? limit.issuer : undefined;
}

/**
 * The XRP/NXCC pool as a transaction through it left it, read from the metadata: the AMM
 * account's XRP balance and its NXCC trust line to the issuer. Undefined when the metadata
 * does not show both (the transaction did not touch the pool).
 */
export function poolReservesAfter(meta: unknown, issuer: string): { account: string; xrpDrops: string; credits: string } | undefined {
  const entries = entriesAfter(meta);
  const root = entries.find((entry) => entry.type === 'AccountRoot' && typeof entry.fields.AMMID === 'string');
  const account = root?.fields.Account;
  const drops = root?.fields.Balance;
  if (typeof account !== 'string' || typeof drops !== 'string') return undefined;
  for (const { type, fields } of entries) {
    if (type !== 'RippleState') continue;
    const balance = fields.Balance as { currency?: unknown; value?: unknown } | undefined;
    const parties = [issuerOf(fields.LowLimit), issuerOf(fields.HighLimit)];
    if (balance?.currency !== CREDIT_CURRENCY_CODE || typeof balance.value !== 'string') continue;
    if (!parties.includes(account) || !parties.includes(issuer)) continue;
    // The balance's sign says which side holds it; the pool holds the credits either way.
    return { account, xrpDrops: drops, credits: balance.value.replace(/^-/, '') };
  }
  return undefined;
}
