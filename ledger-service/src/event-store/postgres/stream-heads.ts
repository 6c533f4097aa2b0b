import type { ExpectedVersion } from '@carbon-ledger/contracts';

/** The last event of a stream: its version and hash (the chain continues from it). */
export interface StreamHead {
  readonly version: bigint;
  readonly hash: Buffer;
}

const NO_STREAM: StreamHead = { version: -1n, hash: Buffer.alloc(0) };

/**
 * Heads this process has written or read, newest kept. A head stays true of its
 * version forever (events never change); whether it is still the stream's head is for
 * the (stream_id, stream_version) key to decide at insert.
 */
export class StreamHeads {
  private readonly heads = new Map<string, StreamHead>();

  constructor(private readonly capacity: number) {}

  set(streamId: string, head: StreamHead): void {
    const known = this.heads.get(streamId);
    if (known && known.version > head.version) return;
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > this.capacity) {
      const oldest = this.heads.keys().next();
      if (!oldest.done) this.heads.delete(oldest.value);
    }
  }

  forget(streamId: string): void {
    this.heads.delete(streamId);
  }

  /** Another writer moved the stream to `version`: a head remembered below it is stale. */
  forgetBelow(streamId: string, version: bigint): void {
    const known = this.heads.get(streamId);
    if (known && known.version < version) this.heads.delete(streamId);
  }

  /** The head an append under this expectation continues from, when known here. */
  knownHead(streamId: string, expected: ExpectedVersion): StreamHead | undefined {
    const known = this.heads.get(streamId);
    // A stream known to exist fails 'no_stream' (or is a retry): the database answers which.
    if (expected === 'no_stream') return known ? undefined : NO_STREAM;
    if (!known) return undefined;
    if (expected === 'any') return known;
    if (expected === 'exists') return known.version >= 0n ? known : undefined;
    return known.version === expected ? known : undefined;
  }
}
