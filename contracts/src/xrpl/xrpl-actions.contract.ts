import { z } from 'zod';
import { creditProjectTypes, REQUIRED_FIELDS_MESSAGE } from '../credit-market/credit-market.constants.js';
import { creditAmount, MAX_CREDITS, MAX_XRP_AMOUNT } from '../shared/bounded-amounts.js';
import { DEFAULT_RETIREMENT_USE, retirementUses } from '../credit-market/credit-use.js';
import { freeText } from '../shared/free-text.js';
import { kycAddress } from '../shared/xrpl-address.js';

/**
 * The /xrpl screen's issue, trade and retire (docs/vault.md): seeds never
 * reach the service. The console asks for a preparation (KYC-checked, autofilled,
 * unsigned transactions), signs them in the browser and submits the blobs with
 * the preparation; the service checks that each blob is the prepared transaction,
 * signed by the KYC-checked address, before it submits.
 */
export const xrplActions = ['issue', 'trade', 'retire', 'tokenize', 'redeem'] as const;
export type XrplAction = (typeof xrplActions)[number];

export const SEED_REFUSED_MESSAGE = 'Seeds never leave the browser: sign the prepared transactions in the console and send only the signed blobs';

const SEED_LIKE_KEY = /seed|secret|private|mnemonic/i;

/**
 * A request body that takes no keys but its own; a key named like a seed is
 * refused with a message that says why (only the key is named, never its value).
 */
export function strictBody<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      const seedKeys = issue.keys.filter((key) => SEED_LIKE_KEY.test(key));
      return seedKeys.length > 0 ? `${SEED_REFUSED_MESSAGE} (remove ${seedKeys.join(', ')})` : `Unknown field(s): ${issue.keys.join(', ')}`;
    },
  });
}

/** Scopes of the XRPL issue form are tCO2e figures, not selector values. */
const tonnes = z
  .number({ error: 'Emission scopes must be numbers (tCO2e)' })
  .int('Emission scopes must be whole tCO2e')
  .nonnegative('Emission scopes must not be negative')
  .max(MAX_CREDITS, `Emission scopes must be at most ${MAX_CREDITS} tCO2e`);

/** XRP with at most 6 decimals (the form's step 0.000001), i.e. whole drops. */
export const XRP_AMOUNT_MESSAGE = 'XRP amount must be a positive number in steps of 0.000001';
const xrpAmount = z
  .number({ error: XRP_AMOUNT_MESSAGE })
  .positive(XRP_AMOUNT_MESSAGE)
  .max(MAX_XRP_AMOUNT, `XRP amount must be at most ${MAX_XRP_AMOUNT}`)
  .refine((value) => /^\d+(\.\d{1,6})?$/.test(String(value)), XRP_AMOUNT_MESSAGE);

const wholeCredits = (label: string) =>
  creditAmount({ label, requiredMessage: REQUIRED_FIELDS_MESSAGE, integerMessage: `${label} must be a whole number of credits` });

const nftId = z
  .string()
  .trim()
  .regex(/^[0-9A-Fa-f]{64}$/, 'NFT ID must be 64 hexadecimal characters')
  .transform((id) => id.toUpperCase());

/** POST /api/xrpl/issue/prepare: the XRPL issue form without its seed. */
export const xrplIssuePrepareRequest = strictBody({
  name: freeText({ label: 'Project name', min: 1, max: 200, requiredMessage: REQUIRED_FIELDS_MESSAGE }),
  projectType: z.enum(creditProjectTypes, { error: `Project type must be one of: ${creditProjectTypes.join(', ')}` }),
  scope1: tonnes,
  scope2: tonnes,
  scope3: tonnes,
  /** Receives the credit tokens (NXCC) from the platform issuer. */
  destinationAddress: kycAddress,
  /** The KYC/AML-checked address that signs the NFTokenMint. */
  xrplAddress: kycAddress,
});
export type XrplIssuePrepareRequest = z.input<typeof xrplIssuePrepareRequest>;
export type XrplIssueForm = z.output<typeof xrplIssuePrepareRequest>;

/** POST /api/xrpl/trade/prepare: buy NXCC with XRP through the XRP/NXCC AMM pool. */
export const xrplTradePrepareRequest = strictBody({
  sellerAddress: kycAddress,
  amountCRC: wholeCredits('CRC amount'),
  /** The most XRP to spend (SendMax). */
  xrpAmount,
  /** The NXCC issuer (the platform's credit issuer). */
  issuer: kycAddress,
  creditId: freeText({ label: 'Credit ID', max: 100 }).default(''),
  /** The buyer: the KYC-checked address that signs. */
  xrplAddress: kycAddress,
});
export type XrplTradePrepareRequest = z.input<typeof xrplTradePrepareRequest>;
export type XrplTradeForm = z.output<typeof xrplTradePrepareRequest>;

/** POST /api/xrpl/retire/prepare: return NXCC to the issuer (burn) and burn the batch NFT when given. */
export const xrplRetirePrepareRequest = strictBody({
  nftId: nftId.optional(),
  tokenAmount: wholeCredits('Token amount'),
  issuer: kycAddress,
  purpose: freeText({ label: 'Purpose', max: 500, multiline: true }).default(''),
  /** What the retirement counts for (docs/credit-use.md); the vault batch chosen must qualify. */
  use: z.enum(retirementUses, { error: `Use must be one of: ${retirementUses.join(', ')}` }).default(DEFAULT_RETIREMENT_USE),
  /** The owner: the KYC-checked address that signs. */
  xrplAddress: kycAddress,
});
export type XrplRetirePrepareRequest = z.input<typeof xrplRetirePrepareRequest>;
export type XrplRetireForm = z.output<typeof xrplRetirePrepareRequest>;

/** An autofilled, unsigned transaction in rippled JSON (what xrpl.js Wallet.sign takes). */
export const preparedXrplTransaction = z.record(z.string(), z.unknown());
export type PreparedXrplTransaction = z.infer<typeof preparedXrplTransaction>;

/** Answer of every prepare call. */
export const xrplPrepareResponse = z.object({
  /** Opaque and tamper-proof: the service's signed record of what it prepared, for whom, until when. */
  preparation: z.string(),
  /** Sign each, in order, with the wallet of xrplAddress. */
  transactions: z.array(preparedXrplTransaction).min(1),
  /** Issue: the credits the batch carries (20% of scopes 1-3, rounded down). */
  creditAmount: z.number().int().optional(),
  /** Retire: the registry batch the burn retires. */
  tokenId: z.string().optional(),
  expiresAt: z.iso.datetime(),
});
export type XrplPrepareResponse = z.infer<typeof xrplPrepareResponse>;

/** The signed blobs, in the prepared order. */
export const signedBlobs = z.array(
  z
    .string()
    .regex(/^[0-9A-Fa-f]+$/, 'Signed transactions must be hex blobs')
    .max(10_000, 'A signed transaction is too long'),
  { error: 'signedTransactions must be a list of hex blobs' },
);

export const preparationToken = z.string({ error: 'preparation is required' }).min(1, 'preparation is required').max(20_000, 'preparation is too long');

/** POST /api/xrpl/{issue,trade,retire}: the signed blobs, in the prepared order. */
export const xrplSubmitRequest = strictBody({
  preparation: preparationToken,
  signedTransactions: signedBlobs.min(1, 'signedTransactions must not be empty').max(3, 'At most 3 signed transactions'),
});
export type XrplSubmitRequest = z.infer<typeof xrplSubmitRequest>;

const txHash = z.string().regex(/^[0-9A-F]{64}$/);

export const xrplIssueResponse = z.object({
  nftId: z.string(),
  requiresKyc: z.literal(false),
  creditAmount: z.number().int(),
  txHash,
  /** The batch the credits will carry once the registry approves the issuance request the mint filed. */
  tokenId: z.string(),
  /** The issuance request the mint filed: the verifier verifies it, the registry approves it, then the credits are paid as NXCC. */
  projectId: z.string(),
  reportId: z.uuid(),
  /** Where the report stands (the registry lifecycle's report statuses). */
  reportStatus: z.enum(['awaiting_verification', 'verified', 'rejected', 'approved']),
  /** Held back for the registry's buffer pool from the claimed credits (creditAmount is what the destination gets). */
  bufferQuantity: z.number().int().nonnegative(),
});
export type XrplIssueResponse = z.infer<typeof xrplIssueResponse>;

export const xrplTradeResponse = z.object({
  txHash,
  /** NXCC delivered to the buyer. */
  amount: z.string(),
  requiresKyc: z.literal(false),
  /** XRP spent, in drops (fees excluded). */
  xrpDrops: z.string(),
  trustSetTxHash: txHash.optional(),
});
export type XrplTradeResponse = z.infer<typeof xrplTradeResponse>;

export const xrplRetireResponse = z.object({
  success: z.literal(true),
  txHash,
  burned: z.number().int(),
  nftBurnTxHash: txHash.optional(),
  tokenId: z.string(),
});
export type XrplRetireResponse = z.infer<typeof xrplRetireResponse>;
