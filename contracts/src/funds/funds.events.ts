import { z } from 'zod';
import { creditLabels } from '../credit-market/credit-use.js';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

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
    /** A bid for labelled credits: placed after a crash with the labels it was asked with. */
    labels: z.array(z.enum(creditLabels)).min(1).optional(),
  }),
  /** The command that places the order on its market, so that placing it again is a replay. */
  placementCommandId: z.string().min(1),
  /**
   * What the hold pays for: a buy order (absent, as before), or the acceptance of a direct trade offer
   * (docs/funds.md, "Direct trades"): then `orderId` is the offer's id (the hold's key), `order` the offer's
   * market, quantity and price, and `placementCommandId` the market command that accepts it.
   */
  pays: z.enum(['buy-order', 'direct-offer']).optional(),
  reservedAt: z.iso.datetime(),
});

/** A reservation given back whole in the buyer's cash stream: the offer it was to pay for closed before the acceptance reached its market. */
export const fundsReservationVoidedData = z.object({
  reservationId: z.uuid(),
  userId: z.string().min(1),
  /** The hold's key (the offer's id). */
  orderId: z.uuid(),
  amountCents: positiveCents,
  /** The offer was withdrawn (declined, cancelled, expired) before the acceptance, or had expired when it reached its market. */
  reason: z.enum(['offer-closed', 'offer-expired']),
  voidedAt: z.iso.datetime(),
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

/** Why a payment to the deposit address is held rather than credited: no destination tag, or one no user owns. */
export const depositHeldReasons = ['missing-tag', 'unknown-tag'] as const;
export type DepositHeldReason = (typeof depositHeldReasons)[number];

/**
 * A validated payment of the settlement token to the deposit address that names no user: nobody's
 * money yet, held for compliance review (stream `deposit-held-<txHash>`, created once per hash).
 * Not on the cash ledger until it is assigned.
 */
export const depositHeldData = z.object({
  txHash: xrplHash,
  sender: z.string().regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/),
  /** The tag the payment carried (0 is a tag too); absent when it carried none. */
  destinationTag: z.number().int().min(0).max(4_294_967_295).optional(),
  /** What the ledger delivered (delivered_amount), in whole cents, rounded down. */
  amountCents: positiveCents,
  currency: z.string().regex(/^([A-Z0-9]{3}|[0-9A-F]{40})$/),
  issuer: z.string().regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/),
  ledgerIndex: z.number().int().positive(),
  reason: z.enum(depositHeldReasons),
  heldAt: z.iso.datetime(),
});

/** A user id as the held deposits' read model stores it: no control characters (PostgreSQL text holds no NUL). */
const storedUserId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}]+$/u);

/** Compliance credited a held deposit to a user (once per hash); the credit itself is the user's `FundsDeposited`, keyed by the same hash. */
export const heldDepositAssignedData = z.object({
  txHash: xrplHash,
  userId: storedUserId,
  amountCents: positiveCents,
  assignedBy: storedUserId,
  assignedAt: z.iso.datetime(),
});

/**
 * Compliance sends a held deposit back to the account it came from (attempt n of the hash; a failed
 * attempt leaves it held and may be tried again). The payment is claimed under
 * `held-deposit-refund:<txHash>:<attempt>`, so each attempt pays at most once.
 */
export const heldDepositRefundRequestedData = z.object({
  txHash: xrplHash,
  attempt: z.number().int().min(1).max(1_000),
  /** The held payment's sender. */
  destination: z.string().regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/),
  amountCents: positiveCents,
  requestedBy: storedUserId,
  requestedAt: z.iso.datetime(),
});

/** The refund's payment validated on the ledger: the deposit is returned and can no longer be assigned. */
export const heldDepositRefundedData = z.object({
  txHash: xrplHash,
  attempt: z.number().int().min(1),
  refundTxHash: xrplHash,
  refundedAt: z.iso.datetime(),
});

/** The refund's payment failed on the ledger (e.g. the sender now requires a destination tag): held again. */
export const heldDepositRefundFailedData = z.object({
  txHash: xrplHash,
  attempt: z.number().int().min(1),
  reason: z.string().min(1).max(500),
  failedAt: z.iso.datetime(),
});

export const fundsEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('FundsDeposited'), data: fundsDepositedData }),
  z.object({ type: z.literal('FundsReserved'), data: fundsReservedData }),
  z.object({ type: z.literal('FundsReservationVoided'), data: fundsReservationVoidedData }),
  z.object({ type: z.literal('WithdrawalRequested'), data: withdrawalRequestedData }),
  z.object({ type: z.literal('WithdrawalPosted'), data: withdrawalPostedData }),
  z.object({ type: z.literal('WithdrawalVoided'), data: withdrawalVoidedData }),
  z.object({ type: z.literal('DepositTagClaimed'), data: depositTagClaimedData }),
  z.object({ type: z.literal('DepositHeld'), data: depositHeldData }),
  z.object({ type: z.literal('HeldDepositAssigned'), data: heldDepositAssignedData }),
  z.object({ type: z.literal('HeldDepositRefundRequested'), data: heldDepositRefundRequestedData }),
  z.object({ type: z.literal('HeldDepositRefunded'), data: heldDepositRefundedData }),
  z.object({ type: z.literal('HeldDepositRefundFailed'), data: heldDepositRefundFailedData }),
]);
export type FundsEvent = z.infer<typeof fundsEvent>;
export type FundsDeposited = Extract<FundsEvent, { type: 'FundsDeposited' }>;
export type FundsReserved = Extract<FundsEvent, { type: 'FundsReserved' }>;
export type FundsReservationVoided = Extract<FundsEvent, { type: 'FundsReservationVoided' }>;
export type WithdrawalRequested = Extract<FundsEvent, { type: 'WithdrawalRequested' }>;
export type DepositHeld = Extract<FundsEvent, { type: 'DepositHeld' }>;
export type HeldDepositAssigned = Extract<FundsEvent, { type: 'HeldDepositAssigned' }>;
export type HeldDepositRefundRequested = Extract<FundsEvent, { type: 'HeldDepositRefundRequested' }>;
export type HeldDepositRefunded = Extract<FundsEvent, { type: 'HeldDepositRefunded' }>;
export type HeldDepositRefundFailed = Extract<FundsEvent, { type: 'HeldDepositRefundFailed' }>;

export const fundsEventTypes = eventTypesOf(fundsEvent);

export const isFundsEvent = eventGuard<FundsEvent>(fundsEventTypes);

// The cash a market's events carry belongs to the credit-market core, which every market event may use.
export { orderFunding, type OrderFunding, tradeCash, type TradeCash } from '../credit-market/market-cash.js';
