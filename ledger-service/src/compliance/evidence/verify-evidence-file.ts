import { createHash, hash as sha256 } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  type AuditAnchoredData,
  chainContent,
  EVIDENCE_FORMAT,
  evidenceManifest,
  type LedgerSealedData,
  sealContent,
} from '@carbon-ledger/contracts';
import { CanonicalScanner } from './canonical-text.js';
import type { EvidenceRecord } from './evidence-records.js';
import { MerkleStream } from './merkle-stream.js';

export interface EvidenceVerification {
  readonly ok: boolean;
  readonly events: number;
  readonly leaves: number;
  readonly seals: number;
  readonly unsealedEvents: number;
  /**
   * Events whose listed prevHash the file cannot prove, because the event before
   * them in their stream is not in the file in full: the first listed event of a
   * stream that began before the file (an export of a range), and the next listed
   * one after versions that a selection lists by hash only (leaves carry no stream).
   * Every other event must name the hash of its stream's previous event in the file.
   */
  readonly entryPoints: number;
  /** Anchor transactions to look up on the ledger (the file cannot prove them by itself). */
  readonly anchors: readonly AuditAnchoredData[];
  readonly manifestSha256?: string;
  readonly firstMismatch?: { readonly line: number; readonly reason: string };
}

const MANIFEST_PREFIX = '],"manifest":';
const HEADER_PREFIX = Buffer.from(`{"format":${JSON.stringify(EVIDENCE_FORMAT)}`);
const NEWLINE = 0x0a;
const COMMA = 0x2c;
/** The file is read this much at a time (more when one line is longer). */
const READ_SIZE = 4 * 1024 * 1024;
/** Record lines are hashed into the manifest in batches of about this many bytes. */
const MANIFEST_BATCH = 1024 * 1024;

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
const EVENT_START = ascii('{"event":');
const DATA_KEY = ascii('{"data":');
const EVENT_ID_KEY = ascii(',"eventId":');
const METADATA_KEY = ascii(',"metadata":');
const STREAM_ID_KEY = ascii(',"streamId":');
const TYPE_KEY = ascii(',"type":');
const HASH_KEY = ascii(',"hash":"');
const POSITION_KEY = ascii('","position":"');
const PREV_HASH_KEY = ascii('","prevHash":"');
const SEAL_NUMBER_KEY = ascii('","sealNumber":');
const STREAM_VERSION_KEY = ascii(',"streamVersion":"');
const EVENT_END = ascii('"}}');
const NULL = ascii('null');
const LEAF_START = ascii('{"leaf":"');
const LEAF_END = ascii('"}');
/** Stream versions are whole numbers below 10^15 here, so plain numbers hold them exactly. */
const MAX_VERSION_DIGITS = 15;
const VERSION_TEXT = /^(?:0|[1-9][0-9]{0,14})$/;
const HASH_TEXT = /^[0-9a-f]{64}$/;

/** The value of a lowercase hex digit, else -1. */
function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** Decodes 64 lowercase hex digits at `at` into target[offset, offset + 32); false when they are not. */
function decodeHash(bytes: Buffer, at: number, target: Buffer, offset: number): boolean {
  for (let index = 0; index < 32; index += 1) {
    const high = hexDigit(bytes[at + 2 * index]!);
    const low = hexDigit(bytes[at + 2 * index + 1]!);
    if (high < 0 || low < 0) return false;
    target[offset + index] = high * 16 + low;
  }
  return true;
}

/** Bytes per stream head: version and leaves (2 × 8), where its id starts and ends (2 × 4), hash (32 from byte 32). */
const HEAD_SIZE = 64;

/**
 * The last event listed in full so far of each stream with events in the file:
 * its version, its hash, and the leaves listed before it (the leaves listed
 * since can hold the stream's versions in between). A stream is found by its id
 * as JSON text (JSON.stringify(streamId), which is what the scanner proves an
 * event line holds) in an open-addressing table over those bytes, and its head
 * is 64 bytes of one array: an event line costs no string and leaves nothing to
 * collect, and 20,000 streams take about 2 MiB. (Verifying 1M events of 20,000
 * streams, CPU profiles gave this about 0.4 s and a Map from decoded ids to head
 * objects about 0.6 s, with 15 MiB more peak RSS.)
 */
class StreamHeads {
  /** Stream number + 1 per slot, 0 for an empty slot; a power of two long, at most half full. */
  private table = new Int32Array(4096);
  private count = 0;
  private ids = Buffer.alloc(64 * 1024);
  private idsLength = 0;
  /** Three views of the heads, HEAD_SIZE bytes each. */
  private numbers = new Float64Array(0);
  private integers = new Int32Array(0);
  private bytes = new Uint8Array(0);
  /** The slot where `find` stopped: where a stream it did not find goes. */
  private freeSlot = 0;

  constructor() {
    this.resize(1024);
  }

  /** FNV-1a over bytes[start, end). */
  private static hashOf(bytes: Uint8Array, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ bytes[at]!, 0x01000193);
    return hash >>> 0;
  }

  private resize(streams: number): void {
    const bytes = new Uint8Array(streams * HEAD_SIZE);
    bytes.set(this.bytes);
    this.bytes = bytes;
    this.numbers = new Float64Array(bytes.buffer);
    this.integers = new Int32Array(bytes.buffer);
  }

  /** The number of the stream whose id as JSON text is bytes[start, end), else -1. */
  find(bytes: Uint8Array, start: number, end: number): number {
    const { table, ids, integers } = this;
    const mask = table.length - 1;
    const length = end - start;
    for (let slot = StreamHeads.hashOf(bytes, start, end) & mask; ; slot = (slot + 1) & mask) {
      const entry = table[slot]!;
      if (entry === 0) {
        this.freeSlot = slot;
        return -1;
      }
      const stream = entry - 1;
      const idStart = integers[stream * 16 + 4]!;
      if (integers[stream * 16 + 5]! - idStart !== length) continue;
      let index = 0;
      while (index < length && ids[idStart + index] === bytes[start + index]) index += 1;
      if (index === length) return stream;
    }
  }

  /** Adds the stream `find` just did not find; its number. */
  add(bytes: Uint8Array, start: number, end: number): number {
    const stream = this.count;
    if ((stream + 1) * HEAD_SIZE > this.bytes.length) this.resize(stream * 2);
    const length = end - start;
    if (this.idsLength + length > this.ids.length) {
      const ids = Buffer.alloc(Math.max(this.ids.length * 2, this.idsLength + length));
      this.ids.copy(ids, 0, 0, this.idsLength);
      this.ids = ids;
    }
    this.ids.set(bytes.subarray(start, end), this.idsLength);
    this.integers[stream * 16 + 4] = this.idsLength;
    this.idsLength += length;
    this.integers[stream * 16 + 5] = this.idsLength;
    this.table[this.freeSlot] = stream + 1;
    this.count += 1;
    if (this.count * 2 > this.table.length) this.rehash();
    return stream;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let stream = 0; stream < this.count; stream += 1) {
      let slot = StreamHeads.hashOf(this.ids, this.integers[stream * 16 + 4]!, this.integers[stream * 16 + 5]!) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = stream + 1;
    }
    this.table = table;
  }

  version(stream: number): number {
    return this.numbers[stream * 8]!;
  }

  leavesBefore(stream: number): number {
    return this.numbers[stream * 8 + 1]!;
  }

  /** Whether hash[0, 32) is the stream's head's hash (a loop: cheaper than a call into C++ for 32 bytes). */
  hashIs(stream: number, hash: Uint8Array): boolean {
    const { bytes } = this;
    const at = stream * HEAD_SIZE + 32;
    for (let index = 0; index < 32; index += 1) if (bytes[at + index] !== hash[index]) return false;
    return true;
  }

  hashHex(stream: number): string {
    const at = stream * HEAD_SIZE + 32;
    return Buffer.from(this.bytes.buffer, at, 32).toString('hex');
  }

  /** The stream's head is now the event of `version` with hash[0, 32), listed after `leaves` leaves. */
  set(stream: number, version: number, hash: Uint8Array, leaves: number): void {
    this.numbers[stream * 8] = version;
    this.numbers[stream * 8 + 1] = leaves;
    const { bytes } = this;
    const at = stream * HEAD_SIZE + 32;
    for (let index = 0; index < 32; index += 1) bytes[at + index] = hash[index]!;
  }
}

/** The position after one or more decimal digits at `at`, else -1. */
function digits(bytes: Buffer, at: number, end: number): number {
  let position = at;
  while (position < end && bytes[position]! >= 0x30 && bytes[position]! <= 0x39) position += 1;
  return position > at ? position : -1;
}

/** Whole lines of a file, a large block at a time: bytes[0, end) ends at a line break or at the end of the file. */
async function* lineBlocks(path: string): AsyncGenerator<{ readonly bytes: Buffer; readonly end: number }> {
  const file = await open(path, 'r');
  try {
    let bytes = Buffer.allocUnsafe(READ_SIZE);
    let filled = 0;
    for (;;) {
      if (filled === bytes.length) {
        const larger = Buffer.allocUnsafe(bytes.length * 2);
        bytes.copy(larger, 0, 0, filled);
        bytes = larger;
      }
      const { bytesRead } = await file.read(bytes, filled, bytes.length - filled, null);
      filled += bytesRead;
      if (bytesRead === 0) {
        if (filled > 0) yield { bytes, end: filled };
        return;
      }
      const end = bytes.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (end === 0) continue; // one line longer than the buffer so far
      yield { bytes, end };
      bytes.copy(bytes, 0, end, filled);
      filled -= end;
    }
  } finally {
    await file.close();
  }
}

/**
 * Verifies a JSON evidence export offline while streaming it, in O(log n + s)
 * memory for n records and s streams with events in the file: every full event's
 * hash is re-derived from its content and the prevHash it lists, every seal's
 * Merkle root from the hashes of its range, the seals' chain, and the manifest
 * hash over all records. Stops at the first mismatch.
 *
 * Each event must also link to its stream's previous event in the file (the
 * head kept per stream): its prevHash is that event's hash and its streamVersion
 * the next one. A stream's first event (version 0) lists no prevHash. An event
 * whose predecessor is not in the file in full (a stream that began before the
 * file, or versions a selection lists as leaves, which carry no stream) is an
 * entry point: counted in `entryPoints`, its prevHash taken as listed, but the
 * versions skipped must fit in the leaves listed since the stream's last event.
 *
 * Record lines as the exporter writes them are checked on their bytes: an event
 * whose chained content (its first five members) is proven canonical JSON by
 * CanonicalScanner is hashed as it stands, which is exactly chainContent of the
 * parsed record. Every other line (older files, other writers, and any line
 * that fails) is parsed and checked member by member, which also names the
 * mismatch.
 */
export async function verifyEvidenceFile(path: string): Promise<EvidenceVerification> {
  const manifestHash = createHash('sha256');
  let batch = Buffer.allocUnsafe(MANIFEST_BATCH * 2);
  let batched = 0;
  let merkle = new MerkleStream();
  let previousSeal: LedgerSealedData | undefined;
  const sealRoots = new Map<number, string>();
  const anchors: AuditAnchoredData[] = [];
  const scanner = new CanonicalScanner();
  let content = Buffer.allocUnsafe(64 * 1024);
  const expected = Buffer.alloc(32);
  let lineNumber = 0;
  let records = 0;
  let events = 0;
  let leaves = 0;
  let seals = 0;
  let entryPoints = 0;
  const heads = new StreamHeads();

  const report = (extra: Partial<EvidenceVerification> = {}): EvidenceVerification => ({
    ok: extra.firstMismatch === undefined,
    events,
    leaves,
    seals,
    unsealedEvents: merkle.count,
    entryPoints,
    anchors,
    ...extra,
  });
  const fail = (reason: string): EvidenceVerification => report({ firstMismatch: { line: lineNumber, reason } });

  /** Adds a record line (without its separating comma) and "\n" to the manifest hash. */
  const hashRecord = (bytes: Buffer, start: number, end: number): void => {
    const length = end - start;
    if (batched + length + 1 > batch.length) {
      manifestHash.update(batch.subarray(0, batched));
      batched = 0;
      if (length + 1 > batch.length) batch = Buffer.allocUnsafe(length + 1);
    }
    bytes.copy(batch, batched, start, end);
    batch[batched + length] = NEWLINE;
    batched += length + 1;
    if (batched >= MANIFEST_BATCH) {
      manifestHash.update(batch.subarray(0, batched));
      batched = 0;
    }
  };

  /**
   * Links an event whose hash checked out to its stream's previous event in the
   * file and makes it the stream's head; else the reason, leaving every head as
   * it was. The stream id is bytes[idStart, idEnd), as JSON text; `prevHash` is
   * the listed one (32 bytes from its start), undefined when none is listed;
   * `hash` is the event's (32 bytes from its start), copied.
   */
  const link = (ids: Uint8Array, idStart: number, idEnd: number, version: number, prevHash: Buffer | undefined, hash: Buffer): string | undefined => {
    let stream = heads.find(ids, idStart, idEnd);
    if (stream < 0) {
      if (version === 0) {
        if (prevHash !== undefined) return `is its stream's first event (version 0) but lists prevHash ${prevHash.toString('hex', 0, 32)}; expected none`;
      } else if (prevHash === undefined) {
        return `lists no prevHash; only a stream's first event (version 0) has none`;
      } else {
        entryPoints += 1;
      }
      stream = heads.add(ids, idStart, idEnd);
    } else {
      const head = heads.version(stream);
      if (version === head + 1) {
        if (prevHash === undefined || !heads.hashIs(stream, prevHash)) {
          return `lists prevHash ${prevHash === undefined ? 'none' : prevHash.toString('hex', 0, 32)}; expected ${heads.hashHex(stream)}, the hash of version ${head} of its stream in the file`;
        }
      } else {
        const skipped = version - head - 1;
        const between = leaves - heads.leavesBefore(stream);
        if (skipped < 0 || skipped > between) {
          const room = between === 0 ? '' : ` (the ${between} events listed by hash since cannot hold versions ${head + 1} to ${version - 1})`;
          return `follows version ${head} of its stream in the file; expected version ${head + 1}${room}`;
        }
        // The versions in between are among the leaves since: the file cannot prove this link.
        if (prevHash === undefined) return `lists no prevHash after version ${head} of its stream in the file`;
        entryPoints += 1;
      }
    }
    heads.set(stream, version, hash, leaves);
    return undefined;
  };

  /**
   * An event line as the exporter writes it, on its bytes; false when the line
   * is laid out otherwise or does not check out (the caller then parses it).
   */
  const fastEvent = (bytes: Buffer, start: number, end: number): boolean => {
    scanner.reset(bytes, end);
    const contentStart = scanner.literal(start, EVENT_START);
    let position = scanner.value(scanner.literal(contentStart, DATA_KEY));
    position = scanner.string(scanner.literal(position, EVENT_ID_KEY), false);
    position = scanner.value(scanner.literal(position, METADATA_KEY));
    const streamIdAt = scanner.literal(position, STREAM_ID_KEY);
    const streamIdEnd = scanner.string(streamIdAt, false);
    position = scanner.string(scanner.literal(streamIdEnd, TYPE_KEY), false);
    if (position < 0) return false;
    const contentEnd = position;
    // The members after the chained content, exactly as the exporter writes them.
    const hashAt = scanner.literal(position, HASH_KEY);
    if (hashAt < 0) return false;
    position = scanner.literal(hashAt + 64, POSITION_KEY);
    position = digits(bytes, position, end);
    if (position < 0 || bytes[position] !== 0x3a) return false;
    position = scanner.literal(digits(bytes, position + 1, end), PREV_HASH_KEY);
    const prevHashAt = position;
    if (position >= 0 && bytes[position] !== 0x22) position += 64;
    position = scanner.literal(position, SEAL_NUMBER_KEY);
    if (position < 0) return false;
    position = bytes[position] === 0x6e ? scanner.literal(position, NULL) : bytes[position] === 0x30 ? position + 1 : digits(bytes, position, end);
    const versionAt = scanner.literal(position, STREAM_VERSION_KEY);
    const versionEnd = digits(bytes, versionAt, end);
    position = scanner.literal(versionEnd, EVENT_END);
    if (position !== end) return false;
    // Leading zeros and very long versions are left to the parsed path.
    if (versionEnd - versionAt > MAX_VERSION_DIGITS || (bytes[versionAt] === 0x30 && versionEnd - versionAt > 1)) return false;
    // sha256(prevHash bytes || chained content): the content is the member bytes plus the closing brace.
    const prefix = bytes[prevHashAt] === 0x22 ? 0 : 32;
    const length = prefix + contentEnd - contentStart + 1;
    if (content.length < length) content = Buffer.allocUnsafe(length * 2);
    if (prefix > 0 && !decodeHash(bytes, prevHashAt, content, 0)) return false;
    bytes.copy(content, prefix, contentStart, contentEnd);
    content[length - 1] = 0x7d;
    // A digest as a one-byte string is much cheaper to get than as a Buffer (see MerkleStream).
    const digest = sha256('sha256', content.subarray(0, length), 'binary');
    if (!decodeHash(bytes, hashAt, expected, 0) || digest !== expected.toString('latin1')) return false;
    let version = 0;
    for (let at = versionAt; at < versionEnd; at += 1) version = version * 10 + bytes[at]! - 0x30;
    // The scanner proved the stream id's bytes canonical JSON: JSON.stringify(streamId), the key the parsed path uses.
    // A broken link is named by the parsed path.
    if (link(bytes, streamIdAt, streamIdEnd, version, prefix > 0 ? content : undefined, expected) !== undefined) return false;
    merkle.push(expected);
    events += 1;
    return true;
  };

  /** A leaf line as the exporter writes it: {"leaf":"<hash>","position":"<commit>:<prepare>"}. */
  const fastLeaf = (bytes: Buffer, start: number, end: number): boolean => {
    scanner.reset(bytes, end);
    const hashAt = scanner.literal(start, LEAF_START);
    if (hashAt < 0) return false;
    let position = scanner.literal(hashAt + 64, POSITION_KEY);
    position = digits(bytes, position, end);
    if (position < 0 || bytes[position] !== 0x3a) return false;
    position = scanner.literal(digits(bytes, position + 1, end), LEAF_END);
    if (position !== end || !decodeHash(bytes, hashAt, expected, 0)) return false;
    merkle.push(expected);
    leaves += 1;
    return true;
  };

  /** Any record line, parsed; undefined when it checks out, else the reason. */
  const parsedRecord = (line: string): string | undefined => {
    let record: EvidenceRecord;
    try {
      record = JSON.parse(line) as EvidenceRecord;
    } catch {
      return 'a record is not valid JSON';
    }
    if ('event' in record) {
      const { event } = record;
      const named = `event ${event.eventId} (${event.type}, stream ${event.streamId} version ${event.streamVersion})`;
      // The exporter lists "" for a stream's first event; null or no member says the same.
      const listed: unknown = event.prevHash ?? '';
      if (typeof listed !== 'string' || (listed !== '' && !HASH_TEXT.test(listed))) return `${named} lists a prevHash that is not a SHA-256 hash`;
      const prevHash = Buffer.from(listed, 'hex');
      const hash = createHash('sha256').update(prevHash).update(chainContent(event), 'utf8').digest('hex');
      if (hash !== event.hash) return `${named} does not match its hash`;
      if (typeof event.streamId !== 'string') return `${named} has no stream id`;
      if (typeof event.streamVersion !== 'string' || !VERSION_TEXT.test(event.streamVersion)) return `${named} has no valid streamVersion`;
      const hashBytes = Buffer.from(event.hash, 'hex');
      const id = Buffer.from(JSON.stringify(event.streamId));
      const broken = link(id, 0, id.length, Number(event.streamVersion), listed === '' ? undefined : prevHash, hashBytes);
      if (broken !== undefined) return `${named} ${broken}`;
      merkle.push(hashBytes);
      events += 1;
    } else if ('leaf' in record) {
      if (!/^[0-9a-f]{64}$/.test(record.leaf)) return 'a leaf is not a SHA-256 hash';
      merkle.push(Buffer.from(record.leaf, 'hex'));
      leaves += 1;
    } else if ('seal' in record) {
      const { seal } = record;
      if (merkle.count !== seal.eventCount) return `seal ${seal.sealNumber} covers ${seal.eventCount} events; the file lists ${merkle.count} in its range`;
      if (merkle.root().toString('hex') !== seal.merkleRoot) return `seal ${seal.sealNumber}: the Merkle root over its events does not match`;
      const sealHash = createHash('sha256').update(sealContent(seal), 'utf8').digest('hex');
      if (sealHash !== seal.sealHash) return `seal ${seal.sealNumber}: its hash does not match its content`;
      if (previousSeal && (seal.prevSealHash !== previousSeal.sealHash || seal.fromPosition !== previousSeal.toPosition || seal.sealNumber !== previousSeal.sealNumber + 1)) {
        return `seal ${seal.sealNumber} does not follow seal ${previousSeal.sealNumber}`;
      }
      previousSeal = seal;
      sealRoots.set(seal.sealNumber, seal.merkleRoot);
      merkle = new MerkleStream();
      seals += 1;
    } else if ('anchor' in record) {
      if (sealRoots.get(record.anchor.sealNumber) !== record.anchor.merkleRoot) {
        return `the anchor of seal ${record.anchor.sealNumber} names another root`;
      }
      anchors.push(record.anchor);
    } else {
      return 'unknown record';
    }
    return undefined;
  };

  /** One line without its line break; a result ends the verification. */
  const verifyLine = (bytes: Buffer, start: number, end: number): EvidenceVerification | undefined => {
    lineNumber += 1;
    if (lineNumber === 1) {
      return end - start >= HEADER_PREFIX.length && bytes.compare(HEADER_PREFIX, 0, HEADER_PREFIX.length, start, start + HEADER_PREFIX.length) === 0
        ? undefined
        : fail(`not a ${EVIDENCE_FORMAT} file`);
    }
    if (end === start) return undefined;
    if (bytes[start] === 0x5d) {
      const line = bytes.toString('utf8', start, end);
      if (line.startsWith(MANIFEST_PREFIX)) return verifyManifest(line);
    }
    const recordEnd = bytes[end - 1] === COMMA ? end - 1 : end;
    hashRecord(bytes, start, recordEnd);
    records += 1;
    if (bytes[start + 2] === 0x65 && fastEvent(bytes, start, recordEnd)) return undefined;
    if (bytes[start + 2] === 0x6c && fastLeaf(bytes, start, recordEnd)) return undefined;
    const reason = parsedRecord(bytes.toString('utf8', start, recordEnd));
    return reason === undefined ? undefined : fail(reason);
  };

  const verifyManifest = (line: string): EvidenceVerification => {
    let parsed;
    try {
      parsed = evidenceManifest.safeParse(JSON.parse(line.slice(MANIFEST_PREFIX.length, -1)));
    } catch {
      return fail('the manifest is malformed');
    }
    if (!parsed.success) return fail('the manifest is malformed');
    const manifest = parsed.data;
    manifestHash.update(batch.subarray(0, batched));
    const digest = manifestHash.digest('hex');
    if (manifest.sha256 !== digest) return fail('the manifest hash does not match the records (a record was changed, added or removed)');
    if (manifest.records !== records || manifest.events !== events || manifest.leaves !== leaves || manifest.seals !== seals) {
      return fail('the manifest counts do not match the records');
    }
    return report({ manifestSha256: digest });
  };

  for await (const { bytes, end } of lineBlocks(path)) {
    for (let start = 0; start < end; ) {
      let lineBreak = bytes.indexOf(NEWLINE, start);
      if (lineBreak < 0 || lineBreak >= end) lineBreak = end;
      // A line break may have become CRLF on the way.
      const lineEnd = lineBreak > start && bytes[lineBreak - 1] === 0x0d ? lineBreak - 1 : lineBreak;
      const result = verifyLine(bytes, start, lineEnd);
      if (result) return result;
      start = lineBreak + 1;
    }
  }
  // Reaching the end without the manifest line means the download was cut short.
  return fail('the file ends before its manifest (truncated)');
}
