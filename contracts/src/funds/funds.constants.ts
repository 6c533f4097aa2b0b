/**
 * The settlement currency of the cash ledger and the Platform Fee (docs/funds.md). Amounts are
 * integer minor units (USD cents) everywhere: in events, in deciders and in read models.
 */
export const SETTLEMENT_CURRENCY = 'USD';

/** The Platform Fee the Marketplace shows: 0.5% of the notional, paid by the buyer. */
export const PLATFORM_FEE_BASIS_POINTS = 50;
const BASIS_POINTS = 10_000;

/**
 * The fee on a notional in cents, rounded up to the cent. It is charged on a buy order's
 * cumulative matched notional (see `feeOnFill`), so the fee of an order is rounded once, not once
 * per fill, and never exceeds what its reservation holds for it.
 */
export function platformFeeCents(notionalCents: number): number {
  // Divided rather than multiplied: a notional of 10^15 cents (the contracts' bound) times 50 is past 2^53.
  return Math.ceil(notionalCents / (BASIS_POINTS / PLATFORM_FEE_BASIS_POINTS));
}

/** What a buy order of `amount` credits at a limit of `limitCents` reserves: its cost at the limit plus the fee on it. */
export function buyReservationCents(amount: number, limitCents: number): number {
  const cost = amount * limitCents;
  return cost + platformFeeCents(cost);
}

/**
 * What a funded buy order still holds after `matchedNotionalCents` has traded and `remaining`
 * credits are open: their cost at the limit plus the fee the order would still pay if they all
 * traded at the limit. Equal to `buyReservationCents` before the first fill, 0 when nothing is open.
 */
export function buyHoldCents(remaining: number, limitCents: number, matchedNotionalCents: number): number {
  const rest = remaining * limitCents;
  return rest + platformFeeCents(matchedNotionalCents + rest) - platformFeeCents(matchedNotionalCents);
}

/** The cash of one fill of a funded buy order: what the seller receives, the fee, and what goes back to the buyer's available balance. */
export interface FillCash {
  readonly notionalCents: number;
  readonly feeCents: number;
  /** Of the buy order's hold, not needed any more (the fill traded below the limit, or the order completed). */
  readonly releasedCents: number;
}

/** The cash of a fill of `quantity` credits at `priceCents` for a buy order (limit, open credits and matched notional before the fill). */
export function fillCash(
  order: { readonly limitCents: number; readonly remaining: number; readonly matchedNotionalCents: number },
  quantity: number,
  priceCents: number,
): FillCash {
  const notionalCents = quantity * priceCents;
  const matchedAfter = order.matchedNotionalCents + notionalCents;
  const feeCents = platformFeeCents(matchedAfter) - platformFeeCents(order.matchedNotionalCents);
  const holdBefore = buyHoldCents(order.remaining, order.limitCents, order.matchedNotionalCents);
  const holdAfter = buyHoldCents(order.remaining - quantity, order.limitCents, matchedAfter);
  return { notionalCents, feeCents, releasedCents: holdBefore - holdAfter - notionalCents - feeCents };
}

/** The ledger's accounts besides one per user (TigerBeetle's model: every transfer debits one account and credits another). */
export const platformCashAccounts = {
  /** The Platform Fee of every fill. */
  feeRevenue: 'platform:fee-revenue',
  /** The other side of deposits (money that came in on XRPL) and withdrawals (money paid out). */
  clearing: 'platform:clearing',
  /** The other side of buy orders' holds: pending credits that fills post to sellers and to fee revenue. */
  orderSettlement: 'platform:order-settlement',
} as const;

export type PlatformCashAccount = (typeof platformCashAccounts)[keyof typeof platformCashAccounts];

export function userCashAccount(userId: string): string {
  return `user:${userId}`;
}

/** The user's cash stream: deposits, buy orders' reservations and withdrawals, decided with its version so none overdraws. */
export function fundsStreamId(userId: string): string {
  return `${FUNDS_STREAM_PREFIX}${userId}`;
}

export const FUNDS_STREAM_PREFIX = 'funds-';

export function depositTagStreamId(tag: number): string {
  return `deposit-tag-${tag}`;
}

/** A payment held for compliance review, one stream per transaction hash: held once, assigned at most once. */
export function heldDepositStreamId(txHash: string): string {
  return `${HELD_DEPOSIT_STREAM_PREFIX}${txHash}`;
}

export const HELD_DEPOSIT_STREAM_PREFIX = 'deposit-held-';
