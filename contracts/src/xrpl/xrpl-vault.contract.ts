import { z } from 'zod';
import { REQUIRED_FIELDS_MESSAGE, tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { creditAmount } from '../shared/bounded-amounts.js';
import { kycAddress } from '../shared/xrpl-address.js';
import { preparationToken, preparedXrplTransaction, signedBlobs, strictBody } from './xrpl-actions.contract.js';

/**
 * The vault (docs/vault.md): NXCC on XRPL exist only for registry credits held in the
 * platform vault, one NXCC per serial. Tokenize moves a holder's serials into the vault and the
 * platform issuer pays the NXCC; redeem pays NXCC back to the issuer and moves serials out to the
 * redeemer. Both are prepared, signed in the browser where a signature is needed, and submitted.
 */
const TOKEN_ID_MESSAGE = 'Token ID must look like SOLAR-2026-7F3A9C21';
const tokenId = z
  .string({ error: REQUIRED_FIELDS_MESSAGE })
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE)
  .transform((id) => id.toUpperCase())
  .pipe(z.string().regex(tokenIdPattern, TOKEN_ID_MESSAGE));

const wholeCredits = creditAmount({ label: 'Amount', requiredMessage: REQUIRED_FIELDS_MESSAGE, integerMessage: 'Amount must be a whole number of credits' });

/** POST /api/xrpl/tokenize/prepare: registry credits of one batch into the vault, NXCC to the caller's verified address. */
export const xrplTokenizePrepareRequest = strictBody({
  tokenId,
  amount: wholeCredits,
  /** The caller's KYC-verified address: receives the NXCC and signs the trust line when it has none. */
  xrplAddress: kycAddress,
});
export type XrplTokenizePrepareRequest = z.input<typeof xrplTokenizePrepareRequest>;
export type XrplTokenizeForm = z.output<typeof xrplTokenizePrepareRequest>;

/** A tokenization needs a signature only for the NXCC trust line, when the address has none yet. */
export const xrplTokenizePrepareResponse = z.object({
  preparation: z.string(),
  transactions: z.array(preparedXrplTransaction).max(1),
  tokenId: z.string(),
  expiresAt: z.iso.datetime(),
});
export type XrplTokenizePrepareResponse = z.infer<typeof xrplTokenizePrepareResponse>;

/** POST /api/xrpl/tokenize: the preparation, with the signed trust line when one was prepared. */
export const xrplTokenizeSubmitRequest = strictBody({
  preparation: preparationToken,
  signedTransactions: signedBlobs.max(1, 'At most 1 signed transaction').default([]),
});
export type XrplTokenizeSubmitRequest = z.input<typeof xrplTokenizeSubmitRequest>;

const txHash = z.string().regex(/^[0-9A-F]{64}$/);

export const xrplTokenizeResponse = z.object({
  tokenizationId: z.uuid(),
  tokenId: z.string(),
  amount: z.number().int(),
  /** The serials now in the vault, e.g. NXCC-SOLAR-2026-7F3A9C21-000001 to NXCC-SOLAR-2026-7F3A9C21-000010. */
  serialRanges: z.array(z.string()),
  /** The platform issuer's NXCC payment: tesSUCCESS, or why the ledger refused it (the serials then go back). */
  paymentResult: z.string(),
  paymentTxHash: txHash.optional(),
  trustSetTxHash: txHash.optional(),
  /** Log position of the move (read your writes). */
  position: z.string(),
});
export type XrplTokenizeResponse = z.infer<typeof xrplTokenizeResponse>;

/** POST /api/xrpl/redeem/prepare: NXCC back to the issuer for registry credits out of the vault. */
export const xrplRedeemPrepareRequest = strictBody({
  amount: wholeCredits,
  /** Optional: redeem serials of this batch, if the vault holds enough of it. */
  tokenId: tokenId.optional(),
  /** The holder of the NXCC: the KYC-checked address that signs the payment. */
  xrplAddress: kycAddress,
});
export type XrplRedeemPrepareRequest = z.input<typeof xrplRedeemPrepareRequest>;
export type XrplRedeemForm = z.output<typeof xrplRedeemPrepareRequest>;

export const xrplRedeemResponse = z.object({
  success: z.literal(true),
  txHash,
  redeemed: z.number().int(),
  /** The vault batch the serials come from. */
  tokenId: z.string(),
});
export type XrplRedeemResponse = z.infer<typeof xrplRedeemResponse>;

/**
 * GET /api/xrpl/reserves, proof of reserves: the issuer's NXCC obligations on the ledger against the
 * vault's serials at a log position. Moves recorded on one side and not yet on the other are in flight
 * (a tokenization not yet paid; NXCC returned on the ledger, not yet registered); `balanced` holds when
 * they explain the whole difference. More NXCC on the ledger than serials in the vault is never balanced.
 */
export const vaultReservesResponse = z.object({
  currency: z.string(),
  /** Sum of the issuer's obligations in NXCC (gateway_balances), as the ledger writes it. */
  outstandingOnLedger: z.string(),
  heldInVault: z.number().int(),
  inFlight: z.object({ toPay: z.number().int(), toRegister: z.number().int() }),
  balanced: z.boolean(),
  /** outstandingOnLedger − heldInVault, signed (0 when equal). */
  difference: z.string(),
  ledgerIndex: z.number().int(),
  /** The log position the vault was read at. */
  position: z.string(),
  checkedAt: z.iso.datetime(),
});
export type VaultReservesResponse = z.infer<typeof vaultReservesResponse>;
