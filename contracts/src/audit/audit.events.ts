import { z } from 'zod';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const position = z.string().regex(/^-?\d+:-?\d+$/);

/** A Merkle root over the hashes of every event in (fromPosition, toPosition], chained to the previous seal. */
export const ledgerSealedData = z.object({
  sealNumber: z.number().int().min(1),
  /** Exclusive; null for the first seal (from the start of the log). */
  fromPosition: position.nullable(),
  toPosition: position,
  eventCount: z.number().int().min(1),
  merkleRoot: hex64,
  prevSealHash: hex64.nullable(),
  sealHash: hex64,
  sealedAt: z.iso.datetime(),
});
export type LedgerSealedData = z.infer<typeof ledgerSealedData>;

/** The seal's root written on the XRP Ledger in a memo of the audit-anchor wallet. */
export const auditAnchoredData = z.object({
  sealNumber: z.number().int().min(1),
  merkleRoot: hex64,
  txHash: z.string().regex(/^[0-9A-F]{64}$/),
  ledgerIndex: z.number().int().nullable(),
  network: z.string(),
  anchoredAt: z.iso.datetime(),
});
export type AuditAnchoredData = z.infer<typeof auditAnchoredData>;

export const auditEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('LedgerSealed'), data: ledgerSealedData }),
  z.object({ type: z.literal('AuditAnchored'), data: auditAnchoredData }),
]);
export type AuditEvent = z.infer<typeof auditEvent>;

const auditEventTypes = eventTypesOf(auditEvent);
export const isAuditEvent = eventGuard<AuditEvent>(auditEventTypes);

export const SEALS_STREAM = 'audit-seals';
export const ANCHORS_STREAM = 'audit-anchors';
/** MemoType of an anchor transaction (hex of this text on the ledger). */
export const ANCHOR_MEMO_TYPE = 'carbon-ledger/seal';
