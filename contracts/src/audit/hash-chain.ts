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

/** An event's chain content with the canonical texts of its data and metadata inside it. */
export interface ChainedEventTexts {
  readonly data: string;
  readonly metadata: string;
  /** Equal to chainContent(event). */
  readonly content: string;
}

/**
 * chainContent, plus the data and metadata texts it embeds: a writer stores exactly
 * the JSON it hashed and serialises each event once. The members are written in
 * canonical (sorted) order: data, eventId, metadata, streamId, type.
 */
export function chainContentTexts(event: ChainedEventContent): ChainedEventTexts {
  const data = canonicalJson(event.data);
  const metadata = canonicalJson(event.metadata);
  if (event.data === undefined || event.metadata === undefined) {
    // canonicalJson drops undefined members; keep that rule in one place.
    return { data, metadata, content: chainContent(event) };
  }
  return { data, metadata, content: chainContentOfTexts(event, data, metadata) };
}

/**
 * chainContent around data and metadata already written as JSON: with their canonical texts it is
 * chainContent(event); a verifier hashes the texts a store holds with it.
 */
export function chainContentOfTexts(event: Pick<ChainedEventContent, 'streamId' | 'eventId' | 'type'>, data: string, metadata: string): string {
  return (
    `{"data":${data},"eventId":${JSON.stringify(event.eventId)},"metadata":${metadata},` +
    `"streamId":${JSON.stringify(event.streamId)},"type":${JSON.stringify(event.type)}}`
  );
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
