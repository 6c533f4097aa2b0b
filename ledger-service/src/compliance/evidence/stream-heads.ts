/** The last event listed in full so far of one stream in the file. */
interface StreamHead {
  version: number;
  /** Its hash as a 32-character latin1 string (a digest byte per character). */
  hash: string;
  /** How many leaves the file had listed before it: the leaves since can hold the stream's versions in between. */
  leavesBefore: number;
}

/** What the link check says of an event: where it fits, or why it does not. */
export type StreamLink = { readonly entryPoint: boolean } | { readonly broken: string };

/** Whether `digest` (latin1) is the 32 bytes of `bytes` from 0; a loop is cheaper than a string per event. */
function sameHash(bytes: Uint8Array, digest: string): boolean {
  for (let index = 0; index < 32; index += 1) if (bytes[index] !== digest.charCodeAt(index)) return false;
  return true;
}

const LINKED: StreamLink = { entryPoint: false };
const ENTRY_POINT: StreamLink = { entryPoint: true };

const hex = (digest: string): string => Buffer.from(digest, 'latin1').toString('hex');

/**
 * The head of each stream with events in the file, found by the stream id's
 * JSON text (its UTF-8 bytes read as latin1, so reading it from a line costs no
 * UTF-8 decoding). Each event must link to its stream's previous event in the
 * file: its prevHash that event's hash and its version the next one. A stream's
 * first event (version 0) lists no prevHash. An event whose predecessor is not
 * in the file in full (a stream that began before the file, or versions a
 * selection lists as leaves, which carry no stream) is an entry point: its
 * prevHash is taken as listed, but the versions skipped must fit in the leaves
 * listed since the stream's last event.
 */
export class StreamHeads {
  private readonly heads = new Map<string, StreamHead>();

  /**
   * Links the event of `version` with hash `hash` to its stream's head and makes
   * it the head; a broken link leaves every head as it was. `prevHash` is the
   * listed one (its first 32 bytes), undefined when none is listed; `leaves` is
   * how many leaves the file has listed so far.
   */
  link(streamKey: string, version: number, prevHash: Uint8Array | undefined, hash: string, leaves: number): StreamLink {
    const head = this.heads.get(streamKey);
    if (head === undefined) {
      const entered = this.enter(version, prevHash);
      if ('entryPoint' in entered) this.heads.set(streamKey, { version, hash, leavesBefore: leaves });
      return entered;
    }
    const followed = this.follow(head, version, prevHash, leaves);
    if ('entryPoint' in followed) {
      head.version = version;
      head.hash = hash;
      head.leavesBefore = leaves;
    }
    return followed;
  }

  /** The first event of its stream in the file. */
  private enter(version: number, prevHash: Uint8Array | undefined): StreamLink {
    if (version === 0) {
      return prevHash === undefined
        ? LINKED
        : { broken: `is its stream's first event (version 0) but lists prevHash ${Buffer.from(prevHash.subarray(0, 32)).toString('hex')}; expected none` };
    }
    return prevHash === undefined ? { broken: `lists no prevHash; only a stream's first event (version 0) has none` } : ENTRY_POINT;
  }

  /** A later event of a stream the file has listed before. */
  private follow(head: StreamHead, version: number, prevHash: Uint8Array | undefined, leaves: number): StreamLink {
    if (version === head.version + 1) {
      if (prevHash !== undefined && sameHash(prevHash, head.hash)) return LINKED;
      const listed = prevHash === undefined ? 'none' : Buffer.from(prevHash.subarray(0, 32)).toString('hex');
      return { broken: `lists prevHash ${listed}; expected ${hex(head.hash)}, the hash of version ${head.version} of its stream in the file` };
    }
    const skipped = version - head.version - 1;
    const between = leaves - head.leavesBefore;
    if (skipped < 0 || skipped > between) {
      const room = between === 0 ? '' : ` (the ${between} events listed by hash since cannot hold versions ${head.version + 1} to ${version - 1})`;
      return { broken: `follows version ${head.version} of its stream in the file; expected version ${head.version + 1}${room}` };
    }
    // The versions in between are among the leaves since: the file cannot prove this link.
    if (prevHash === undefined) return { broken: `lists no prevHash after version ${head.version} of its stream in the file` };
    return ENTRY_POINT;
  }
}
