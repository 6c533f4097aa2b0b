import { canonicalJson } from '../shared/canonical-json.js';

export interface ChainedEventContent {
  readonly streamId: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
}

/**
 * The bytes (as UTF-8 text) each event contributes to its stream's hash chain:
 * hash_n = sha256(hash_{n-1} || utf8(chainContent(event_n))), hash_{-1} = empty.
 */
export function chainContent(event: ChainedEventContent): string {
  return canonicalJson({
    streamId: event.streamId,
    eventId: event.eventId,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
}

export interface SealContent {
  readonly sealNumber: number;
  readonly fromPosition: string | null;
  readonly toPosition: string;
  readonly eventCount: number;
  readonly merkleRoot: string;
  readonly prevSealHash: string | null;
}

/** The text a seal's own hash covers: sealHash = sha256(utf8(sealContent(seal))). */
export function sealContent(seal: SealContent): string {
  return canonicalJson({
    sealNumber: seal.sealNumber,
    fromPosition: seal.fromPosition,
    toPosition: seal.toPosition,
    eventCount: seal.eventCount,
    merkleRoot: seal.merkleRoot,
    prevSealHash: seal.prevSealHash,
  });
}
