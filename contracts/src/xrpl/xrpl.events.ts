import { z } from 'zod';
import { platformWalletRoles } from './xrpl.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

/** Every transaction the platform submits, with its outcome on the ledger. */
export const xrplTransactionRecordedData = z.object({
  walletRole: z.enum(platformWalletRoles),
  account: z.string(),
  transactionType: z.string(),
  hash: z.string().regex(/^[0-9A-F]{64}$/),
  result: z.string(),
  validated: z.boolean(),
  ledgerIndex: z.number().int().nullable(),
  fee: z.string(),
  sequence: z.number().int(),
  destination: z.string().optional(),
  /** XRP in drops, or "value CURRENCY/issuer" for issued currencies. */
  amount: z.string().optional(),
  /** The other asset of an AMMCreate or AMMDeposit, written as `amount` is. */
  amount2: z.string().optional(),
  purpose: z.string(),
  submittedAt: z.iso.datetime(),
});

/** Longest cause key of a platform submission (a kind, a colon and ids: addresses, hashes, timestamps). */
export const XRPL_SUBMISSION_KEY_MAX = 200;

/**
 * A platform wallet's claim to submit one transaction for one cause, appended to the cause's
 * stream before the transaction goes to the ledger: one claimer wins, and a process that finds
 * the claim unfinished looks the transaction up on the ledger before it submits anything.
 * A claim whose transaction can no longer apply (its sequence was taken, its
 * LastLedgerSequence passed) is followed by another, `attempt` one higher.
 */
export const xrplSubmissionClaimedData = z.object({
  key: z.string().min(1).max(XRPL_SUBMISSION_KEY_MAX),
  attempt: z.number().int().min(0),
  walletRole: z.enum(platformWalletRoles),
  account: z.string(),
  transactionType: z.string(),
  sequence: z.number().int().min(0),
  lastLedgerSequence: z.number().int().min(0),
  hash: z.string().regex(/^[0-9A-F]{64}$/),
  /** The signed transaction, public once submitted: resubmitted as it is until it applies or cannot. */
  txBlob: z.string().regex(/^[0-9A-F]+$/),
  purpose: z.string(),
  claimedAt: z.iso.datetime(),
});
export type XrplSubmissionClaimed = z.infer<typeof xrplSubmissionClaimedData>;

export const xrplEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('XrplTransactionRecorded'), data: xrplTransactionRecordedData }),
  z.object({ type: z.literal('XrplSubmissionClaimed'), data: xrplSubmissionClaimedData }),
]);
export type XrplEvent = z.infer<typeof xrplEvent>;

const xrplEventTypes = eventTypesOf(xrplEvent);
export const isXrplEvent = eventGuard<XrplEvent>(xrplEventTypes);

export const xrplWalletStreamId = (role: string): string => `xrpl-wallet-${role}`;

/** The stream of a platform submission's claims: one per cause. */
export const xrplSubmissionStreamId = (key: string): string => `xrpl-submission-${key}`;
