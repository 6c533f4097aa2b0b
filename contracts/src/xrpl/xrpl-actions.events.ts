import { z } from 'zod';
import { creditProjectTypes, tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { retirementUses } from '../credit-market/credit-use.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

const xrplHash = z.string().regex(/^[0-9A-F]{64}$/);

/**
 * Outcomes of the /xrpl screen's actions, signed in the browser and submitted by
 * the service. Recorded in stream `xrpl-action-<txHash>`; the credits capability
 * reacts to them (a mint registers a batch, a burn retires serials).
 */
export const xrplCreditsMintedData = z.object({
  txHash: xrplHash,
  /** The KYC-checked address that signed the NFTokenMint. */
  account: z.string(),
  userId: z.string(),
  nftId: z.string(),
  /** Registry token id the batch gets once the issuance request the mint filed is approved. */
  tokenId: z.string().regex(tokenIdPattern),
  projectName: z.string(),
  projectType: z.enum(creditProjectTypes),
  scope1: z.number().int().nonnegative(),
  scope2: z.number().int().nonnegative(),
  scope3: z.number().int().nonnegative(),
  creditAmount: z.number().int().positive(),
  destinationAddress: z.string(),
  /** The project the mint's issuance request was filed under (XRPL- and the start of the mint hash); absent on mints recorded before issuance went through the registry. */
  projectId: z.string().min(1).optional(),
  mintedAt: z.iso.datetime(),
});

/** An issued-currency value as the ledger writes it: up to 16 significant digits, sometimes in exponent form. */
export const ledgerIssuedValue = z.string().regex(/^\d{1,20}(\.\d{1,20})?(e-?\d{1,3})?$/);

/** What an XRP/NXCC pool holds, as a transaction's metadata left it. */
export const ammPoolReserves = z.object({
  account: z.string(),
  /** XRP in drops (at most the 10^17 drops there are). */
  xrpDrops: z.string().regex(/^\d{1,18}$/),
  credits: ledgerIssuedValue,
});
export type AmmPoolReserves = z.infer<typeof ammPoolReserves>;

export const xrplCreditsSwappedData = z.object({
  txHash: xrplHash,
  account: z.string(),
  userId: z.string(),
  sellerAddress: z.string(),
  creditId: z.string(),
  /** NXCC delivered to the buyer. */
  creditAmount: z.string(),
  /** XRP spent, in drops. */
  xrpDrops: z.string(),
  /** The pool after the swap; absent on swaps recorded before it was kept, or when the metadata did not show it. */
  poolAfter: ammPoolReserves.optional(),
  executedAt: z.iso.datetime(),
});
export type XrplCreditsSwappedData = z.infer<typeof xrplCreditsSwappedData>;

export const xrplCreditsBurnedData = z.object({
  txHash: xrplHash,
  account: z.string(),
  userId: z.string(),
  /** The registry batch whose serials the burn retires (chosen when the burn was prepared). */
  tokenId: z.string().regex(tokenIdPattern),
  tokenAmount: z.number().int().positive(),
  nftId: z.string().optional(),
  nftBurnTxHash: xrplHash.optional(),
  purpose: z.string(),
  /** What the retirement counts for; a burn recorded before uses were stated is voluntary. */
  use: z.enum(retirementUses).optional(),
  burnedAt: z.iso.datetime(),
});

/** NXCC paid back to the issuer for registry credits: the credits capability moves serials of the vault to the redeemer. */
export const xrplCreditsRedeemedData = z.object({
  txHash: xrplHash,
  account: z.string(),
  userId: z.string(),
  /** The vault batch chosen when the redemption was prepared (another of the market's if it no longer holds enough). */
  tokenId: z.string().regex(tokenIdPattern),
  tokenAmount: z.number().int().positive(),
  redeemedAt: z.iso.datetime(),
});

export const xrplActionEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('XrplCreditsMinted'), data: xrplCreditsMintedData }),
  z.object({ type: z.literal('XrplCreditsSwapped'), data: xrplCreditsSwappedData }),
  z.object({ type: z.literal('XrplCreditsBurned'), data: xrplCreditsBurnedData }),
  z.object({ type: z.literal('XrplCreditsRedeemed'), data: xrplCreditsRedeemedData }),
]);
export type XrplActionEvent = z.infer<typeof xrplActionEvent>;

export const xrplActionEventTypes = eventTypesOf(xrplActionEvent);
export const isXrplActionEvent = eventGuard<XrplActionEvent>(xrplActionEventTypes);

/**
 * The AMM swap an XRPL action records, or undefined for the actions that move no pool (the trades
 * and the pool's reserves both follow swaps). It compiles only while every action type is handled.
 */
export function swapOf(event: XrplActionEvent): XrplCreditsSwappedData | undefined {
  switch (event.type) {
    case 'XrplCreditsSwapped':
      return event.data;
    case 'XrplCreditsMinted':
    case 'XrplCreditsBurned':
    case 'XrplCreditsRedeemed':
      return undefined;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const xrplActionStreamId = (txHash: string): string => `xrpl-action-${txHash}`;
