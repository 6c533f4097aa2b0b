import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';

const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const positiveCents = cents.min(1);
const xrplHash = z.string().regex(/^[0-9A-F]{64}$/);
const moneyString = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/);

/** A payment of the settlement token arrived with the user's destination tag: clearing → user, posted. Keyed by the transaction hash. */
export const fundsDepositedData = z.object({
  depositId: z.uuid(),
  userId: z.string().min(1),
  amountCents: positiveCents,
  txHash: xrplHash,
  depositedAt: z.iso.datetime(),
});

/**
 * A buy order's hold: a pending transfer user → order settlement, recorded in the user's cash stream
 * before the order enters its market. Fills in the market stream post it; the order's cancel voids
 * the rest. It names the order it pays for, so an unfinished placement can be completed.
 */
export const fundsReservedData = z.object({
  reservationId: z.uuid(),
  userId: z.string().min(1),
  orderId: z.uuid(),
  amountCents: positiveCents,
  order: z.object({
    projectType: z.enum(creditProjectTypes),
    vintage: z.number().int(),
    amount: z.number().int().positive(),
    price: moneyString,
  }),
  /** The command that places the order on its market, so that placing it again is a replay. */
  placementCommandId: z.string().min(1),
  reservedAt: z.iso.datetime(),
});

/** A withdrawal: pending transfer user → clearing until the payment on XRPL is validated (posted) or fails (voided). */
export const withdrawalRequestedData = z.object({
  withdrawalId: z.uuid(),
  userId: z.string().min(1),
  amountCents: positiveCents,
  destination: z.string().min(1),
  requestedAt: z.iso.datetime(),
});

export const withdrawalPostedData = z.object({ withdrawalId: z.uuid(), txHash: xrplHash, postedAt: z.iso.datetime() });

export const withdrawalVoidedData = z.object({ withdrawalId: z.uuid(), reason: z.string().min(1), voidedAt: z.iso.datetime() });

/** A destination tag on the platform's deposit address, claimed for one user for good (stream `deposit-tag-<tag>`). */
export const depositTagClaimedData = z.object({ tag: z.number().int().min(1).max(4_294_967_295), userId: z.string().min(1), claimedAt: z.iso.datetime() });

export const fundsEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('FundsDeposited'), data: fundsDepositedData }),
  z.object({ type: z.literal('FundsReserved'), data: fundsReservedData }),
  z.object({ type: z.literal('WithdrawalRequested'), data: withdrawalRequestedData }),
  z.object({ type: z.literal('WithdrawalPosted'), data: withdrawalPostedData }),
  z.object({ type: z.literal('WithdrawalVoided'), data: withdrawalVoidedData }),
  z.object({ type: z.literal('DepositTagClaimed'), data: depositTagClaimedData }),
]);
export type FundsEvent = z.infer<typeof fundsEvent>;
export type FundsDeposited = Extract<FundsEvent, { type: 'FundsDeposited' }>;
export type FundsReserved = Extract<FundsEvent, { type: 'FundsReserved' }>;
export type WithdrawalRequested = Extract<FundsEvent, { type: 'WithdrawalRequested' }>;

export const fundsEventTypes: ReadonlySet<string> = new Set<FundsEvent['type']>([
  'FundsDeposited',
  'FundsReserved',
  'WithdrawalRequested',
  'WithdrawalPosted',
  'WithdrawalVoided',
  'DepositTagClaimed',
]);

export function isFundsEvent<E extends { type: string; data: unknown }>(event: E): event is E & FundsEvent {
  return fundsEventTypes.has(event.type);
}

// The cash a market's events carry belongs to the credit-market core, which every market event may use.
export { orderFunding, type OrderFunding, tradeCash, type TradeCash } from '../credit-market/market-cash.js';
