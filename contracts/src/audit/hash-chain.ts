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
