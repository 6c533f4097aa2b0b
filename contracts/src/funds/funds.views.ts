import { z } from 'zod';
import { MAX_NOTIONAL_USD } from '../shared/bounded-amounts.js';
import { kycAddress } from '../shared/xrpl-address.js';
import { cursorKeyParts, nextCursorField, pageQuery } from '../shared/paging.js';

/** Money as the API shows it: USD with 2 decimals, from integer cents. */
const usd = z.string().regex(/^-?\d+\.\d{2}$/);

export const fundsParams = z.object({
  /** Compliance, auditors and admins: another user's account. */
  userId: z.string().min(1).max(200).optional(),
});
export type FundsParams = z.infer<typeof fundsParams>;

export const fundsView = z.object({
  currency: z.literal('USD'),
  /** What a buy order or a withdrawal may use now. */
  available: usd,
  /** Held for open buy orders (their remaining cost and fee) and withdrawals in flight. */
  reserved: usd,
  /** Where to pay the settlement token, with the destination tag. */
  depositAddress: z.string(),
  destinationTag: z.number().int().nonnegative(),
});
export type FundsView = z.infer<typeof fundsView>;

/** Rows a funds list answers when no limit is given. */
export const FUNDS_PAGE = 50;

/** GET /api/funds/statement?limit=&cursor=: newest first by log order, then by status and transfer (the row's key). */
export const fundsStatementParams = fundsParams.extend(
  pageQuery('funds-statement', z.tuple([cursorKeyParts.logOrder, z.string().min(1).max(20), z.string().min(1).max(200)]), FUNDS_PAGE).shape,
);
export type FundsStatementParams = z.infer<typeof fundsStatementParams>;

export const cashTransferView = z.object({
  transferId: z.string(),
  kind: z.enum(['deposit', 'reservation', 'trade', 'fee', 'release', 'withdrawal']),
  /** Signed from the account's side: positive comes in, negative goes out. */
  amount: usd,
  /** pending: held; posted: moved; voided: a hold given back. */
  status: z.enum(['pending', 'posted', 'voided']),
  counterparty: z.string(),
  /** The order, trade, transaction hash or destination it belongs to. */
  reference: z.string(),
  at: z.iso.datetime(),
});
export type CashTransferView = z.infer<typeof cashTransferView>;

export const fundsStatementResponse = z.object({
  userId: z.string(),
  currency: z.literal('USD'),
  transfers: z.array(cashTransferView),
  /** Every transfer of the account, not only this page's. */
  total: z.number().int(),
  nextCursor: nextCursorField,
});
export type FundsStatementResponse = z.infer<typeof fundsStatementResponse>;

export function formatUsdCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The sandbox faucet's test USD (play money). Bounded by the largest buy the contracts accept with its
 * fee (MAX_NOTIONAL_USD × 1.005), so any order a sandbox user can place can be paid for.
 */
export const MAX_TEST_USD = MAX_NOTIONAL_USD + MAX_NOTIONAL_USD / 200;
export const claimTestUsdRequest = z.object({
  amount: z
    .string()
    .regex(/^\d{1,14}(\.\d{1,2})?$/, 'Amount must be a number with at most 2 decimals')
    .refine((amount) => Number(amount) > 0 && Number(amount) <= MAX_TEST_USD, `Amount must be between 0.01 and ${MAX_TEST_USD}`)
    .default('1000.00'),
});
export type ClaimTestUsdRequest = z.infer<typeof claimTestUsdRequest>;

/** POST /api/funds/withdraw: to one of the caller's KYC-verified (and AML-screened) addresses. */
export const withdrawFundsRequest = z.object({
  amount: z
    .string({ error: 'Amount must be sent as a string' })
    .regex(/^\d{1,14}(\.\d{1,2})?$/, 'Amount must be a number with at most 2 decimals')
    .refine((amount) => Number(amount) > 0, 'Amount must be greater than 0'),
  xrplAddress: kycAddress,
});
export type WithdrawFundsRequest = z.infer<typeof withdrawFundsRequest>;

export const withdrawFundsResponse = z.object({
  withdrawalId: z.uuid(),
  amount: usd,
  destination: z.string(),
  /** posted: paid out on XRPL; voided: the ledger refused the payment and the amount is available again. */
  status: z.enum(['posted', 'voided']),
  txHash: z.string().optional(),
  result: z.string(),
});
export type WithdrawFundsResponse = z.infer<typeof withdrawFundsResponse>;

const txHashParam = z
  .string({ error: 'txHash must be an XRPL transaction hash' })
  .regex(/^[0-9A-Fa-f]{64}$/, 'txHash must be an XRPL transaction hash (64 hex characters)')
  .transform((hash) => hash.toUpperCase());

/** GET /api/funds/held-deposits: payments to the deposit address that named no user, for compliance review. */
export const heldDepositsParams = z.object({
  status: z.enum(['held', 'assigned', 'refunding', 'refunded', 'all']).default('held'),
  ...pageQuery('held-deposits', z.tuple([cursorKeyParts.logOrder, z.string().min(1).max(100)]), FUNDS_PAGE).shape,
});
export type HeldDepositsParams = z.infer<typeof heldDepositsParams>;

export const heldDepositView = z.object({
  txHash: z.string(),
  sender: z.string(),
  /** null: the payment carried no destination tag. */
  destinationTag: z.number().int().nullable(),
  amount: usd,
  currency: z.string(),
  issuer: z.string(),
  reason: z.enum(['missing-tag', 'unknown-tag']),
  ledgerIndex: z.number().int(),
  heldAt: z.iso.datetime(),
  /** held: nobody's yet; assigned: credited to a user; refunding: being paid back to its sender; refunded: paid back. */
  status: z.enum(['held', 'assigned', 'refunding', 'refunded']),
  assignedTo: z.string().nullable(),
  assignedBy: z.string().nullable(),
  assignedAt: z.iso.datetime().nullable(),
  /** Who asked to send it back, and when (the latest attempt). */
  refundRequestedBy: z.string().nullable(),
  refundRequestedAt: z.iso.datetime().nullable(),
  /** The payment back to the sender, once it validated. */
  refundTxHash: z.string().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  /** Why the latest attempt failed on the ledger (the deposit is held again); null when none failed. */
  refundFailure: z.string().nullable(),
});
export type HeldDepositView = z.infer<typeof heldDepositView>;

export const heldDepositsResponse = z.object({
  deposits: z.array(heldDepositView),
  /** Every deposit of the status asked for, not only this page's. */
  total: z.number().int(),
  nextCursor: nextCursorField,
});
export type HeldDepositsResponse = z.infer<typeof heldDepositsResponse>;

/** POST /api/funds/held-deposits/:txHash/assign */
export const assignHeldDepositParams = z.object({ txHash: txHashParam });
export type AssignHeldDepositParams = z.infer<typeof assignHeldDepositParams>;

export const assignHeldDepositRequest = z.object({
  userId: z.uuid({ error: 'userId must be a user id (a UUID)' }),
});
export type AssignHeldDepositRequest = z.infer<typeof assignHeldDepositRequest>;

/** POST /api/funds/held-deposits/:txHash/refund (no body) */
export const refundHeldDepositParams = z.object({ txHash: txHashParam });
export type RefundHeldDepositParams = z.infer<typeof refundHeldDepositParams>;
