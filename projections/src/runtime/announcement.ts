import type { PushedMessage } from '@carbon-ledger/contracts';
import type { BatchCommitted } from './log-follower-runner.js';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; the rest leaves room for the envelope. */
const PAYLOAD_BUDGET = 7_000;

/** One NOTIFY of a batch's announcement; the last part (`end`) carries the batch itself. */
interface AnnouncementPart {
  readonly o: string;
  readonly p: string;
  readonly m: readonly PushedMessage[];
  readonly end?: {
    readonly views: readonly string[];
    readonly commit: string;
    readonly prepare: string;
    readonly events: number;
    readonly eventTypes: readonly string[];
  };
}

/**
 * A committed batch as NOTIFY payloads: its pushed messages spread over as many parts as
 * they need, the batch's position and views in the last one. The parts of one transaction
 * reach every listener together and in order.
 */
export function announcementPayloads(origin: string, batch: BatchCommitted): string[] {
  const end: AnnouncementPart['end'] = {
    views: batch.views,
    commit: batch.position.commit.toString(),
    prepare: batch.position.prepare.toString(),
    events: batch.events,
    eventTypes: [...batch.eventTypes],
  };
  const parts: string[] = [];
  let messages: PushedMessage[] = [];
  let size = 0;
  for (const message of batch.messages) {
    const length = Buffer.byteLength(JSON.stringify(message));
    if (messages.length > 0 && size + length > PAYLOAD_BUDGET) {
      parts.push(JSON.stringify({ o: origin, p: batch.projection, m: messages } satisfies AnnouncementPart));
      messages = [];
      size = 0;
    }
    messages.push(message);
    size += length;
  }
  parts.push(JSON.stringify({ o: origin, p: batch.projection, m: messages, end } satisfies AnnouncementPart));
  return parts;
}

/**
 * Puts announced batches back together on the listening side, skipping those this
 * instance announced itself (it has already seen them).
 */
export class AnnouncementReader {
  private readonly pending = new Map<string, PushedMessage[]>();

  constructor(private readonly origin: string) {}

  /** The batch once its last part arrived; undefined for a part before it, an own or an unreadable one. */
  read(payload: string): BatchCommitted | undefined {
    let part: AnnouncementPart;
    try {
      part = JSON.parse(payload) as AnnouncementPart;
    } catch {
      return undefined;
    }
    if (part.o === this.origin || typeof part.p !== 'string' || !Array.isArray(part.m)) return undefined;
    const messages = [...(this.pending.get(part.p) ?? []), ...part.m];
    if (!part.end) {
      this.pending.set(part.p, messages);
      return undefined;
    }
    this.pending.delete(part.p);
    return {
      projection: part.p,
      views: part.end.views,
      position: { commit: BigInt(part.end.commit), prepare: BigInt(part.end.prepare) },
      events: part.end.events,
      eventTypes: new Set(part.end.eventTypes),
      messages,
    };
  }

  /** A lost listening connection may have dropped a batch's last part: start over. */
  reset(): void {
    this.pending.clear();
  }
}
