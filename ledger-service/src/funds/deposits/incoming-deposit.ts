import { z } from 'zod';
import type { SettlementToken } from '../settlement-token.js';

/** A payment of the settlement token that reached the deposit address, as the ledger validated it. */
export interface IncomingDeposit {
  readonly txHash: string;
  readonly sender: string;
  /** Absent when the payment carried no destination tag. */
  readonly destinationTag: number | undefined;
  /** What the ledger delivered, in whole cents (rounded down: never more than arrived). */
  readonly amountCents: number;
  readonly currency: string;
  readonly issuer: string;
  readonly ledgerIndex: number;
}

export type ClassifiedTransaction = { readonly kind: 'deposit'; readonly deposit: IncomingDeposit } | { readonly kind: 'ignored'; readonly reason: string };

/** tfPartialPayment: without it a successful payment delivered its whole Amount. */
const PARTIAL_PAYMENT_FLAG = 0x0002_0000;
/** An issued amount's value has at most 16 significant digits and an exponent within ±96; longer text is not one. */
const MAX_EXPONENT = 120;

const issuedAmount = z.object({ currency: z.string(), issuer: z.string(), value: z.string() });

/** The parts of an account_tx entry (API v1 or v2) a deposit is decided on; anything else is not looked at. */
const accountTxEntry = z.object({
  hash: z
    .string()
    .regex(/^[0-9A-Fa-f]{64}$/)
    .optional(),
  ledger_index: z.number().int().positive().optional(),
  validated: z.boolean().optional(),
  meta: z.union([
    z.string(),
    z.looseObject({
      TransactionResult: z.string(),
      delivered_amount: z.unknown().optional(),
      DeliveredAmount: z.unknown().optional(),
    }),
  ]),
  tx_json: z.looseObject({}).optional(),
  tx: z.looseObject({}).optional(),
});

const paymentFields = z.looseObject({
  TransactionType: z.string(),
  Account: z.string(),
  Destination: z.string().optional(),
  DestinationTag: z.number().int().min(0).max(4_294_967_295).optional(),
  Flags: z.number().int().optional(),
  Amount: z.unknown().optional(),
  DeliverMax: z.unknown().optional(),
  hash: z.string().optional(),
  ledger_index: z.number().int().optional(),
});

/**
 * An issued-currency value as the ledger writes it ("12.5", "1e-7", "1.2345e3") in whole cents,
 * rounded down; undefined for text that is no such value or a sum past what the cash ledger holds.
 * Parsed exactly (BigInt): 0.29 × 100 in floating point is 28.999….
 */
export function tokenValueToCents(value: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(value);
  if (!match) return undefined;
  const [, whole = '0', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = BigInt(`${whole}${fraction}`);
  // value = digits × 10^(exponent − fraction digits); cents = value × 100.
  const shift = exponent - fraction.length + 2;
  const cents = shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
  return cents <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(cents) : undefined;
}

function sameCurrency(a: string, b: string): boolean {
  return a.toUpperCase() === b.toUpperCase();
}

/**
 * Decides what one transaction in the deposit address's history is: a deposit of the settlement
 * token (validated, tesSUCCESS, a Payment to the address from someone else, of the token's currency
 * and issuer, counted by what the ledger delivered, never by Amount: a partial payment delivers
 * less), or something to ignore, with why.
 */
export function classifyTransaction(entry: unknown, depositAddress: string, token: SettlementToken): ClassifiedTransaction {
  const parsed = accountTxEntry.safeParse(entry);
  if (!parsed.success) return { kind: 'ignored', reason: 'not a transaction entry' };
  const { meta } = parsed.data;
  const fields = paymentFields.safeParse(parsed.data.tx_json ?? parsed.data.tx);
  if (!fields.success) return { kind: 'ignored', reason: 'no transaction fields' };
  const tx = fields.data;
  const txHash = (parsed.data.hash ?? tx.hash)?.toUpperCase();
  const ledgerIndex = parsed.data.ledger_index ?? tx.ledger_index;
  if (!txHash || ledgerIndex === undefined) return { kind: 'ignored', reason: 'no hash or ledger index' };
  if (parsed.data.validated !== true) return { kind: 'ignored', reason: 'not validated' };
  if (typeof meta === 'string') return { kind: 'ignored', reason: 'binary metadata' };
  if (meta.TransactionResult !== 'tesSUCCESS') return { kind: 'ignored', reason: `failed (${meta.TransactionResult})` };
  if (tx.TransactionType !== 'Payment') return { kind: 'ignored', reason: `a ${tx.TransactionType}` };
  if (tx.Destination !== depositAddress || tx.Account === depositAddress) return { kind: 'ignored', reason: 'not a payment to the deposit address' };
  const partial = ((tx.Flags ?? 0) & PARTIAL_PAYMENT_FLAG) !== 0;
  // delivered_amount is what counts; only a payment that cannot be partial delivered its whole Amount.
  const delivered = meta.delivered_amount ?? meta.DeliveredAmount ?? (partial ? undefined : (tx.DeliverMax ?? tx.Amount));
  const amount = issuedAmount.safeParse(delivered);
  if (!amount.success) return { kind: 'ignored', reason: typeof delivered === 'string' ? 'XRP, not the settlement token' : 'no delivered amount' };
  if (!sameCurrency(amount.data.currency, token.currency) || amount.data.issuer !== token.issuer) {
    return { kind: 'ignored', reason: `${amount.data.currency} of ${amount.data.issuer}, not the settlement token` };
  }
  const amountCents = tokenValueToCents(amount.data.value);
  if (amountCents === undefined) return { kind: 'ignored', reason: `an amount the cash ledger cannot hold (${amount.data.value})` };
  if (amountCents < 1) return { kind: 'ignored', reason: `less than a cent (${amount.data.value})` };
  return {
    kind: 'deposit',
    deposit: {
      txHash,
      sender: tx.Account,
      destinationTag: tx.DestinationTag,
      amountCents,
      currency: amount.data.currency,
      issuer: amount.data.issuer,
      ledgerIndex,
    },
  };
}
