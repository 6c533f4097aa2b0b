import { z } from 'zod';
import { creditProjectTypes, tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { serialRange } from '../credit-market/serial-range.js';
import { tradeCash } from '../credit-market/market-cash.js';
import { offsetTypes } from './credits.constants.js';
import { cancellationReasons } from '../credit-market/credit-market.constants.js';
import { retirementStandards } from '../credit-market/credit-market.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';
import { retiredBatchClaimsSchema, retirementUses } from '../credit-market/credit-use.js';

const moneyString = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/);
const xrplHash = z.string().regex(/^[0-9A-F]{64}$/);

export const emissionScopes = z.object({
  scope1: z.number().int().nonnegative(),
  scope2: z.number().int().nonnegative(),
  scope3: z.number().int().nonnegative(),
  scope4: z.number().int().nonnegative(),
  scope5: z.number().int().nonnegative(),
});
export type EmissionScopes = z.infer<typeof emissionScopes>;

/** A verified batch enters the registry: serials 1..quantity, all owned by accountId. */
export const creditsIssuedData = z.object({
  batchId: z.string().regex(tokenIdPattern),
  projectId: z.string().min(1),
  projectName: z.string().min(1),
  projectType: z.enum(creditProjectTypes),
  description: z.string(),
  vintage: z.number().int(),
  standard: z.enum(retirementStandards),
  methodology: z.string(),
  scopes: emissionScopes,
  quantity: z.number().int().positive(),
  serialPrefix: z.string().min(1),
  /** Registry account (user id) that receives the batch. */
  accountId: z.string().min(1),
  issuedBy: z.string().min(1),
  /** The KYC-checked XRPL address the issuer acted with; tokens are paid to it. */
  xrplAddress: z.string(),
  /** 'xrpl' when the issuer minted the batch NFT with their own wallet (signed in the browser). */
  source: z.enum(['registry', 'xrpl']),
  /** Set on the xrpl path: the NFT the issuer minted and its transaction. */
  nftId: z.string().optional(),
  mintTxHash: xrplHash.optional(),
  /** The approved monitoring report the batch was issued from (docs/registry.md); absent in logs from before the registry lifecycle. */
  reportId: z.uuid().optional(),
  /** Set on the buffer pool's share of an issuance: held back to cover reversals, never traded. */
  bufferFor: z.string().regex(tokenIdPattern).optional(),
  /** Set on credits brought from another registry: the serial range they carried there. */
  origin: z.object({ registry: z.string().min(1).max(100), start: z.number().int().positive(), end: z.number().int().positive() }).optional(),
  issuedAt: z.iso.datetime(),
});

/** Matched orders, or a direct transfer between two accounts: serial blocks move from seller to buyer. */
export const tradeExecutedData = z.object({
  tradeId: z.uuid(),
  kind: z.enum(['order-match', 'direct', 'xrpl-amm']),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  buyOrderId: z.uuid().nullable(),
  sellOrderId: z.uuid().nullable(),
  /** Which side arrived and crossed the book; null for direct transfers. */
  aggressor: z.enum(['buy', 'sell']).nullable(),
  buyerAccountId: z.string().min(1),
  sellerAccountId: z.string().min(1),
  quantity: z.number().int().positive(),
  price: moneyString,
  ranges: z.array(serialRange).min(1),
  /**
   * Payment settlement: 'pending' is marked for settlement between the parties;
   * 'settled' carries the XRPL transaction that paid (XRPL path).
   */
  settlement: z.object({ status: z.enum(['pending', 'settled']), txHash: xrplHash.optional() }),
  /** A funded buy order's fill: the cash posted with the serials, buyer → seller and buyer → fee revenue (delivery versus payment). */
  cash: tradeCash.optional(),
  /** A direct trade: the offer it accepted (its serials came out of the offer's escrow, its cash out of the buyer's reservation for it). */
  offerId: z.uuid().optional(),
  executedAt: z.iso.datetime(),
});

/**
 * A seller offers serials of a batch to a named buyer at a price (docs/funds.md, "Direct trades"): the
 * serials leave the seller's tradable holding into the offer's escrow until the buyer accepts (and pays),
 * declines, the seller cancels, or it expires.
 */
export const directTradeOfferedData = z.object({
  offerId: z.uuid(),
  batchId: z.string().regex(tokenIdPattern),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  sellerAccountId: z.string().min(1),
  buyerAccountId: z.string().min(1),
  quantity: z.number().int().positive(),
  price: moneyString,
  ranges: z.array(serialRange).min(1),
  offeredAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});

export const directTradeOfferWithdrawalReasons = ['declined', 'cancelled', 'expired'] as const;

/** An offer closed without a trade: its escrowed serials go back to the seller. */
export const directTradeOfferWithdrawnData = z.object({
  offerId: z.uuid(),
  reason: z.enum(directTradeOfferWithdrawalReasons),
  withdrawnBy: z.string().min(1),
  released: z.array(serialRange).min(1),
  withdrawnAt: z.iso.datetime(),
});

/** Credits leave circulation for good on behalf of a beneficiary. */
export const creditsRetiredData = z.object({
  retirementId: z.uuid(),
  batchId: z.string().regex(tokenIdPattern),
  accountId: z.string().min(1),
  quantity: z.number().int().positive(),
  ranges: z.array(serialRange).min(1),
  beneficiary: z.string().min(1),
  purpose: z.string(),
  standard: z.enum(retirementStandards),
  offsetType: z.enum(offsetTypes),
  retiredBy: z.string().min(1),
  /** What the retirement counts for (docs/credit-use.md); absent in logs from before it was stated, which is voluntary. */
  use: z.enum(retirementUses).optional(),
  /** The batch's Article 6 state and labels the use was decided on; absent where `use` is. */
  claims: retiredBatchClaimsSchema.optional(),
  /** Set on the xrpl path: the holder's burn payment (and NFT burn) signed in the browser. */
  burnTxHash: xrplHash.optional(),
  nftBurnTxHash: xrplHash.optional(),
  retiredAt: z.iso.datetime(),
});

/**
 * Serials leave circulation without a claim (docs/cancellations-and-reversals.md): never retired,
 * never counted as offset. A holder cancels their own; the registry cancels any account's, and
 * covers a project's reversal from the buffer pool (then `reversal` names the project and its record).
 */
export const creditsCancelledData = z.object({
  cancellationId: z.uuid(),
  batchId: z.string().regex(tokenIdPattern),
  /** The account whose tradable serials were cancelled. */
  accountId: z.string().min(1),
  quantity: z.number().int().positive(),
  ranges: z.array(serialRange).min(1),
  reason: z.enum(cancellationReasons),
  note: z.string(),
  cancelledBy: z.string().min(1),
  /** Whether the registry (role registry, or an administrator) cancelled them, rather than their holder. */
  byRegistry: z.boolean(),
  reversal: z.object({ projectId: z.string().min(1), reversalId: z.uuid() }).optional(),
  cancelledAt: z.iso.datetime(),
});

/**
 * Registry credits enter the platform vault (docs/vault.md): the holder's serials move
 * to the vault account, and the platform issuer pays as many NXCC to the holder's verified address.
 */
export const creditsTokenizedData = z.object({
  tokenizationId: z.uuid(),
  batchId: z.string().regex(tokenIdPattern),
  /** The registry account whose serials moved into the vault. */
  accountId: z.string().min(1),
  /** Receives the NXCC. */
  xrplAddress: z.string(),
  quantity: z.number().int().positive(),
  ranges: z.array(serialRange).min(1),
  requestedBy: z.string().min(1),
  /** Set when the NXCC were paid before the registry recorded the move (an issue on /xrpl, the pool's opening deposit). */
  paymentTxHash: xrplHash.optional(),
  tokenizedAt: z.iso.datetime(),
});

/**
 * Serials leave the vault for a registry account: NXCC came back to the issuer (a redemption), or
 * the ledger refused the tokenization's payment and the serials go back to their holder.
 */
export const creditsRedeemedData = z.object({
  redemptionId: z.uuid(),
  /** The registry account that receives the serials. */
  accountId: z.string().min(1),
  xrplAddress: z.string(),
  quantity: z.number().int().positive(),
  ranges: z.array(serialRange).min(1),
  reason: z.enum(['redeemed', 'payment-refused']),
  /** Redeemed: the holder's NXCC payment back to the issuer. */
  burnTxHash: xrplHash.optional(),
  /** Payment refused: the tokenization whose NXCC were never paid. */
  tokenizationId: z.uuid().optional(),
  redeemedAt: z.iso.datetime(),
});

/** What the platform did on XRPL for a registry change (NFT mint, token payment, retirement memo, NFT burn). */
export const xrplSettlementRecordedData = z.object({
  subject: z.enum(['issuance', 'retirement', 'tokenization']),
  /** batchId for an issuance, retirementId for a retirement, tokenizationId for a tokenization. */
  subjectId: z.string().min(1),
  batchId: z.string().regex(tokenIdPattern),
  status: z.enum(['settled', 'partial', 'failed']),
  nftId: z.string().optional(),
  transactions: z.array(z.object({ purpose: z.string(), hash: xrplHash, result: z.string() })),
  /** Why something was not done on XRPL (e.g. the destination has no NXCC trust line). */
  reason: z.string().optional(),
  recordedAt: z.iso.datetime(),
});

export const creditEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CreditsIssued'), data: creditsIssuedData }),
  z.object({ type: z.literal('TradeExecuted'), data: tradeExecutedData }),
  z.object({ type: z.literal('CreditsRetired'), data: creditsRetiredData }),
  z.object({ type: z.literal('XrplSettlementRecorded'), data: xrplSettlementRecordedData }),
  z.object({ type: z.literal('CreditsTokenized'), data: creditsTokenizedData }),
  z.object({ type: z.literal('CreditsRedeemed'), data: creditsRedeemedData }),
  z.object({ type: z.literal('DirectTradeOffered'), data: directTradeOfferedData }),
  z.object({ type: z.literal('DirectTradeOfferWithdrawn'), data: directTradeOfferWithdrawnData }),
  z.object({ type: z.literal('CreditsCancelled'), data: creditsCancelledData }),
]);
export type CreditEvent = z.infer<typeof creditEvent>;
export type CreditsIssued = Extract<CreditEvent, { type: 'CreditsIssued' }>;
export type TradeExecuted = Extract<CreditEvent, { type: 'TradeExecuted' }>;
export type CreditsRetired = Extract<CreditEvent, { type: 'CreditsRetired' }>;
export type XrplSettlementRecorded = Extract<CreditEvent, { type: 'XrplSettlementRecorded' }>;
export type CreditsTokenized = Extract<CreditEvent, { type: 'CreditsTokenized' }>;
export type CreditsRedeemed = Extract<CreditEvent, { type: 'CreditsRedeemed' }>;
export type DirectTradeOffered = Extract<CreditEvent, { type: 'DirectTradeOffered' }>;
export type DirectTradeOfferWithdrawn = Extract<CreditEvent, { type: 'DirectTradeOfferWithdrawn' }>;
export type CreditsCancelled = Extract<CreditEvent, { type: 'CreditsCancelled' }>;

export const creditEventTypes = eventTypesOf(creditEvent);

export const isCreditEvent = eventGuard<CreditEvent>(creditEventTypes);
