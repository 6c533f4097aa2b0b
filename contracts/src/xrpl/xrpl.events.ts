import { z } from 'zod';
import { platformWalletRoles } from './xrpl.constants.js';

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
  purpose: z.string(),
  submittedAt: z.iso.datetime(),
});

export const xrplEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('XrplTransactionRecorded'), data: xrplTransactionRecordedData }),
]);
export type XrplEvent = z.infer<typeof xrplEvent>;

const xrplEventTypes: ReadonlySet<string> = new Set<XrplEvent['type']>(['XrplTransactionRecorded']);
export function isXrplEvent<E extends { type: string; data: unknown }>(event: E): event is E & XrplEvent {
  return xrplEventTypes.has(event.type);
}

export const xrplWalletStreamId = (role: string): string => `xrpl-wallet-${role}`;
