/** What the link check says of an event: where it fits, or why it does not. */
export type StreamLink = { readonly entryPoint: boolean } | { readonly broken: string };

/** A head's place in the typed arrays, as the index keeps it. */
type Slot = number;

/** The slots the arrays first hold; they double as streams come. */
const FIRST_SLOTS = 1024;
const HASH_BYTES = 32;

const LINKED: StreamLink = { entryPoint: false };
const ENTRY_POINT: StreamLink = { entryPoint: true };

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
  // One slot per stream, in typed arrays: a file can hold the events of millions of streams, and an
  // object and a hash string per stream cost the verifier's small heap its time in garbage collection.
  private readonly slots = new Map<string, Slot>();
  /** The version of each slot's last event listed in full. */
  private versions = new Float64Array(FIRST_SLOTS);
  /** How many leaves the file had listed before it: the leaves since can hold the stream's versions in between. */
  private leavesBefore = new Float64Array(FIRST_SLOTS);
  /** Its hash, 32 bytes per slot. */
  private hashes = new Uint8Array(FIRST_SLOTS * HASH_BYTES);

  /**
   * Links the event of `version` with hash `hash` (32 bytes as latin1 characters) to its stream's
   * head and makes it the head; a broken link leaves every head as it was. `prevHash` is the
   * listed one (its first 32 bytes), undefined when none is listed; `leaves` is how many leaves
   * the file has listed so far.
   */
  link(streamKey: string, version: number, prevHash: Uint8Array | undefined, hash: string, leaves: number): StreamLink {
    const slot = this.slots.get(streamKey);
    if (slot === undefined) {
      const entered = this.enter(version, prevHash);
      if ('entryPoint' in entered) this.write(this.claim(streamKey), version, hash, leaves);
      return entered;
    }
    const followed = this.follow(slot, version, prevHash, leaves);
    if ('entryPoint' in followed) this.write(slot, version, hash, leaves);
    return followed;
  }

  private claim(streamKey: string): Slot {
    const slot = this.slots.size;
    if (slot === this.versions.length) {
      const grown = (array: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
        const larger = new Float64Array(array.length * 2);
        larger.set(array);
        return larger;
      };
      this.versions = grown(this.versions);
      this.leavesBefore = grown(this.leavesBefore);
      const hashes = new Uint8Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.slots.set(streamKey, slot);
    return slot;
  }

  private write(slot: Slot, version: number, hash: string, leaves: number): void {
    this.versions[slot] = version;
    this.leavesBefore[slot] = leaves;
    const at = slot * HASH_BYTES;
    for (let index = 0; index < HASH_BYTES; index += 1) this.hashes[at + index] = hash.charCodeAt(index);
  }

  /** Whether `bytes` from 0 are the slot's hash; a loop is cheaper than a string per event. */
  private sameHash(slot: Slot, bytes: Uint8Array): boolean {
    const at = slot * HASH_BYTES;
    for (let index = 0; index < HASH_BYTES; index += 1) if (bytes[index] !== this.hashes[at + index]) return false;
    return true;
  }

  private hashHex(slot: Slot): string {
    return Buffer.from(this.hashes.subarray(slot * HASH_BYTES, (slot + 1) * HASH_BYTES)).toString('hex');
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
  private follow(slot: Slot, version: number, prevHash: Uint8Array | undefined, leaves: number): StreamLink {
    const headVersion = this.versions[slot]!;
    if (version === headVersion + 1) {
      if (prevHash !== undefined && this.sameHash(slot, prevHash)) return LINKED;
      const listed = prevHash === undefined ? 'none' : Buffer.from(prevHash.subarray(0, 32)).toString('hex');
      return { broken: `lists prevHash ${listed}; expected ${this.hashHex(slot)}, the hash of version ${headVersion} of its stream in the file` };
    }
    const skipped = version - headVersion - 1;
    const between = leaves - this.leavesBefore[slot]!;
    if (skipped < 0 || skipped > between) {
      const room = between === 0 ? '' : ` (the ${between} events listed by hash since cannot hold versions ${headVersion + 1} to ${version - 1})`;
      return { broken: `follows version ${headVersion} of its stream in the file; expected version ${headVersion + 1}${room}` };
    }
    // The versions in between are among the leaves since: the file cannot prove this link.
    if (prevHash === undefined) return { broken: `lists no prevHash after version ${headVersion} of its stream in the file` };
    return ENTRY_POINT;
  }
}
