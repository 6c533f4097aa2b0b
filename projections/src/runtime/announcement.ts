import type { Position, PushedMessage } from '@carbon-ledger/contracts';
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

/** How far runners moved without a transaction: [follower, commit, prepare] each. */
interface SkipsPart {
  readonly o: string;
  readonly s: readonly (readonly [string, string, string])[];
}

/**
 * The positions a host's runners moved to past events they had nothing to do with (no
 * transaction, so no announcement of their own), told to other instances together: one NOTIFY
 * per interval for all of them, each with its latest position, instead of one per runner.
 */
export class SkipAnnouncements {
  private readonly latest = new Map<string, Position>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly origin: string,
    /** Sends one NOTIFY payload on the host's channel. */
    private readonly notify: (payload: string) => Promise<unknown>,
    private readonly intervalMs = 20,
  ) {}

  skipped(follower: string, position: Position): void {
    this.latest.set(follower, position);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.latest.clear();
  }

  private flush(): void {
    this.timer = undefined;
    let skips: SkipsPart['s'][number][] = [];
    let size = 0;
    const send = (): void => {
      this.notify(JSON.stringify({ o: this.origin, s: skips } satisfies SkipsPart)).catch(() => undefined);
      skips = [];
      size = 0;
    };
    for (const [follower, position] of this.latest) {
      const skip = [follower, position.commit.toString(), position.prepare.toString()] as const;
      const length = follower.length + skip[1].length + skip[2].length + 10;
      if (skips.length > 0 && size + length > PAYLOAD_BUDGET) send();
      skips.push(skip);
      size += length;
    }
    this.latest.clear();
    if (skips.length > 0) send();
  }
}

/**
 * Puts announced batches back together on the listening side, skipping those this
 * instance announced itself (it has already seen them).
 */
export class AnnouncementReader {
  private readonly pending = new Map<string, PushedMessage[]>();
  /** How this instance's own payloads begin (both kinds put the origin first): they are passed over unparsed. */
  private readonly ownPrefix: string;

  constructor(private readonly origin: string) {
    this.ownPrefix = `{"o":${JSON.stringify(origin)},`;
  }

  /**
   * The batches a payload completes: one once a batch's last part arrived, one per runner of a
   * skip announcement (no events, no views), none for a part before the last, an own or an
   * unreadable payload.
   */
  read(payload: string): BatchCommitted[] {
    if (payload.startsWith(this.ownPrefix)) return [];
    let part: Partial<AnnouncementPart & SkipsPart>;
    try {
      part = JSON.parse(payload) as Partial<AnnouncementPart & SkipsPart>;
    } catch {
      return [];
    }
    if (part.o === this.origin) return [];
    if (Array.isArray(part.s)) {
      try {
        return part.s.map(([projection, commit, prepare]) => ({
          projection,
          views: [],
          position: { commit: BigInt(commit), prepare: BigInt(prepare) },
          events: 0,
          eventTypes: new Set<string>(),
          messages: [],
        }));
      } catch {
        // Not positions: a payload of another kind on the channel, ignored like an unreadable one.
        return [];
      }
    }
    if (typeof part.p !== 'string' || !Array.isArray(part.m)) return [];
    const messages = [...(this.pending.get(part.p) ?? []), ...part.m];
    if (!part.end) {
      this.pending.set(part.p, messages);
      return [];
    }
    this.pending.delete(part.p);
    return [
      {
        projection: part.p,
        views: part.end.views,
        position: { commit: BigInt(part.end.commit), prepare: BigInt(part.end.prepare) },
        events: part.end.events,
        eventTypes: new Set(part.end.eventTypes),
        messages,
      },
    ];
  }

  /** A lost listening connection may have dropped a batch's last part: start over. */
  reset(): void {
    this.pending.clear();
  }
}
