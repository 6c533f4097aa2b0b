import { createHash } from 'node:crypto';
import { chainContent, type EventStore, formatPosition, type Position, START } from '@carbon-ledger/contracts';

export interface ChainMismatch {
  readonly streamId: string;
  readonly streamVersion: string;
  readonly eventId: string;
  readonly position: string;
  readonly reason: string;
}

export interface ChainReport {
  readonly ok: boolean;
  readonly eventsChecked: number;
  readonly streamsChecked: number;
  readonly firstMismatch?: ChainMismatch;
}

/**
 * Walks the whole log in order and re-derives every stream's hash chain from the
 * stored data; stops at the first event whose stored hash does not match.
 */
export async function verifyHashChains(
  eventStore: EventStore,
  options: { readonly pageSize?: number; readonly onProgress?: (events: number) => void } = {},
): Promise<ChainReport> {
  const pageSize = options.pageSize ?? 5_000;
  const heads = new Map<string, { version: bigint; hash: Buffer }>();
  let after: Position = START;
  let checked = 0;
  for (;;) {
    const page = await eventStore.readAll({ after, limit: pageSize });
    for (const event of page) {
      const head = heads.get(event.streamId);
      const expectedVersion = head ? head.version + 1n : 0n;
      const mismatch = (reason: string): ChainReport => ({
        ok: false,
        eventsChecked: checked,
        streamsChecked: heads.size,
        firstMismatch: {
          streamId: event.streamId,
          streamVersion: event.streamVersion.toString(),
          eventId: event.eventId,
          position: formatPosition(event.position),
          reason,
        },
      });
      if (event.streamVersion !== expectedVersion) {
        return mismatch(`stream version ${event.streamVersion} where ${expectedVersion} was expected (an event is missing or moved)`);
      }
      const hash = createHash('sha256')
        .update(head?.hash ?? Buffer.alloc(0))
        .update(chainContent(event), 'utf8')
        .digest();
      if (hash.toString('hex') !== event.hash) {
        return mismatch('stored data does not match its hash (the event, or one before it in the stream, was altered)');
      }
      heads.set(event.streamId, { version: event.streamVersion, hash });
      checked += 1;
    }
    const last = page.at(-1);
    if (!last) break;
    after = last.position;
    options.onProgress?.(checked);
  }
  return { ok: true, eventsChecked: checked, streamsChecked: heads.size };
}
