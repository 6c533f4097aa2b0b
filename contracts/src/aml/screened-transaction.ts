import { z } from 'zod';

/** The fields of OrderPlaced that screening reads (capabilities share event names, not modules). */
const orderPlaced = z.object({
  orderId: z.string(),
  ownerId: z.string(),
  amount: z.number().int().nonnegative(),
  price: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
  placedAt: z.string(),
});

/** The fields of TradeExecuted that screening reads. */
const tradeExecuted = z.object({
  tradeId: z.string(),
  buyerAccountId: z.string(),
  quantity: z.number().int().nonnegative(),
  price: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/),
  executedAt: z.string(),
});

/** The fields of CreditsRetired that screening reads. */
const creditsRetired = z.object({
  retirementId: z.string(),
  batchId: z.string(),
  retiredBy: z.string(),
  quantity: z.number().int().positive(),
  retiredAt: z.string(),
});

/** The fields of FundsDeposited that screening reads: cash entering the platform (a deposit, or a held one assigned). */
const fundsDeposited = z.object({
  depositId: z.string(),
  userId: z.string(),
  amountCents: z.number().int().positive(),
  depositedAt: z.string(),
});

/** The fields of WithdrawalRequested that screening reads: cash leaving for an XRPL address. */
const withdrawalRequested = z.object({
  withdrawalId: z.string(),
  userId: z.string(),
  amountCents: z.number().int().positive(),
  requestedAt: z.string(),
});

/**
 * What AML screening looks at, whatever produced it. Each event type that moves
 * value maps to one of these here, so the screening reaction and the AML read
 * model pick up new kinds (trades, retirements) by adding a case.
 */
export interface ScreenedTransaction {
  readonly transactionType: string;
  readonly transactionId: string;
  readonly userId: string;
  /** USD value, 2 decimals. */
  readonly amount: number;
  readonly occurredAt: string;
  /** Whether the other side passed KYC; undefined when there is no counterparty (yet). */
  readonly counterpartyVerified?: boolean;
  /** Country (ISO 3166-1 alpha-2) the transaction is tied to, when the event knows it. */
  readonly jurisdiction?: string;
  /**
   * Set when the event carries no price (a retirement): `amount` is 0 here and the
   * screening values the credits at their market's last trade before the event.
   */
  readonly valuation?: { readonly batchId: string; readonly quantity: number };
}

/** Cents-exact product of a quantity and a 2-decimal price. */
function usdValue(quantity: number, price: string): number {
  const [whole = '0', fraction = ''] = price.split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return Number(cents * BigInt(quantity)) / 100;
}

/**
 * Each event type that moves value, read into the transaction it records. The side screened is the
 * one whose value moves: an order's owner; a trade's buyer (whose funds enter the registry); who
 * retired (retiring for a third party can move value out of sight; valued at its market, see
 * `valuation`); the user a deposit credits and the user who asks for a withdrawal (cash in cents,
 * screened in dollars).
 */
const screeners: Readonly<Record<string, z.ZodType<ScreenedTransaction>>> = {
  OrderPlaced: orderPlaced.transform((order) => ({
    transactionType: 'order',
    transactionId: order.orderId,
    userId: order.ownerId,
    amount: usdValue(order.amount, order.price),
    occurredAt: order.placedAt,
  })),
  TradeExecuted: tradeExecuted.transform((trade) => ({
    transactionType: 'trade',
    transactionId: trade.tradeId,
    userId: trade.buyerAccountId,
    amount: usdValue(trade.quantity, trade.price),
    occurredAt: trade.executedAt,
  })),
  CreditsRetired: creditsRetired.transform((retirement) => ({
    transactionType: 'retirement',
    transactionId: retirement.retirementId,
    userId: retirement.retiredBy,
    amount: 0,
    occurredAt: retirement.retiredAt,
    valuation: { batchId: retirement.batchId, quantity: retirement.quantity },
  })),
  FundsDeposited: fundsDeposited.transform((deposit) => ({
    transactionType: 'deposit',
    transactionId: deposit.depositId,
    userId: deposit.userId,
    amount: deposit.amountCents / 100,
    occurredAt: deposit.depositedAt,
  })),
  WithdrawalRequested: withdrawalRequested.transform((withdrawal) => ({
    transactionType: 'withdrawal',
    transactionId: withdrawal.withdrawalId,
    userId: withdrawal.userId,
    amount: withdrawal.amountCents / 100,
    occurredAt: withdrawal.requestedAt,
  })),
};

/** The event types screenedTransactionFrom maps; every other type moves no value. */
export const screenedEventTypes: ReadonlySet<string> = new Set(Object.keys(screeners));

/** The transaction an event records, or undefined for events that move no value (or whose data it cannot read). */
export function screenedTransactionFrom(event: { readonly type: string; readonly data: unknown }): ScreenedTransaction | undefined {
  const screener = Object.hasOwn(screeners, event.type) ? screeners[event.type] : undefined;
  const parsed = screener?.safeParse(event.data);
  return parsed?.success ? parsed.data : undefined;
}
