import { chainContent, type EvidenceEventRecord } from '@carbon-ledger/contracts';
import { CanonicalScanner } from './canonical-scanner.js';
import { asciiBytes, CLOSE_BRACE, COLON, DIGIT_0, isDigit, LETTER_A, LETTER_F, LETTER_N, QUOTE } from './json-bytes.js';

/**
 * What the verifier checks of an event record, read from the line's bytes or
 * from the parsed record: either way it goes through the same checks.
 */
export interface ListedEvent {
  /** sha256 of these bytes must be the listed hash: the listed prevHash's 32 bytes (none when none is listed), then the chained content. */
  readonly hashed: Buffer;
  /** The listed hash as a 32-character latin1 string; undefined when it is not 64 lowercase hex digits. */
  readonly hash: string | undefined;
  /** The listed prevHash (its first 32 bytes), undefined when none is listed. */
  readonly prevHash: Uint8Array | undefined;
  /** The stream id's JSON text (JSON.stringify(streamId)), its UTF-8 bytes read as latin1. */
  readonly streamKey: string;
  readonly version: number;
  /** What is wrong with the stream id or version; checked after the hash. */
  readonly malformed?: string;
}

const EVENT_START = asciiBytes('{"event":');
const DATA_KEY = asciiBytes('{"data":');
const EVENT_ID_KEY = asciiBytes(',"eventId":');
const METADATA_KEY = asciiBytes(',"metadata":');
const STREAM_ID_KEY = asciiBytes(',"streamId":');
const TYPE_KEY = asciiBytes(',"type":');
const HASH_KEY = asciiBytes(',"hash":"');
const POSITION_KEY = asciiBytes('","position":"');
const PREV_HASH_KEY = asciiBytes('","prevHash":"');
const SEAL_NUMBER_KEY = asciiBytes('","sealNumber":');
const STREAM_VERSION_KEY = asciiBytes(',"streamVersion":"');
const EVENT_END = asciiBytes('"}}');
const NULL = asciiBytes('null');
const LEAF_START = asciiBytes('{"leaf":"');
const LEAF_END = asciiBytes('"}');
/** A SHA-256 hash as hex digits in a line. */
const HASH_DIGITS = 64;
/** Stream versions are whole numbers below 10^15 here, so plain numbers hold them exactly. */
const MAX_VERSION_DIGITS = 15;
const VERSION_TEXT = /^(?:0|[1-9][0-9]{0,14})$/;
export const HASH_TEXT = /^[0-9a-f]{64}$/;

/** The value of a lowercase hex digit, else -1. */
function hexDigit(byte: number): number {
  if (isDigit(byte)) return byte - DIGIT_0;
  if (byte >= LETTER_A && byte <= LETTER_F) return byte - LETTER_A + 10;
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

/** The position after one or more decimal digits at `at`, else -1. */
function digits(bytes: Buffer, at: number, end: number): number {
  let position = at;
  while (position < end && isDigit(bytes[position]!)) position += 1;
  return position > at ? position : -1;
}

/** The position after `<digits>:<digits>` at `at` (a log position), else -1. */
function logPosition(bytes: Buffer, at: number, end: number): number {
  const colon = digits(bytes, at, end);
  if (colon < 0 || bytes[colon] !== COLON) return -1;
  return digits(bytes, colon + 1, end);
}

/**
 * Record lines as the exporter writes them, read on their bytes: an event whose
 * chained content (its first five members) CanonicalScanner proves canonical
 * JSON is hashed as it stands, which is exactly chainContent of the parsed
 * record. A line laid out otherwise (older files, other writers) reads as
 * undefined, and the verifier parses it.
 */
export class ExporterLines {
  private readonly scanner = new CanonicalScanner();
  private hashed = Buffer.allocUnsafe(64 * 1024);
  private readonly digest = Buffer.alloc(32);

  /** {"event":{<chained content>,"hash":…,"position":…,"prevHash":…,"sealNumber":…,"streamVersion":…}} */
  event(bytes: Buffer, start: number, end: number): ListedEvent | undefined {
    const { scanner } = this;
    scanner.reset(bytes, end);
    const contentStart = scanner.literal(start, EVENT_START);
    let position = scanner.value(scanner.literal(contentStart, DATA_KEY));
    position = scanner.string(scanner.literal(position, EVENT_ID_KEY), false);
    position = scanner.value(scanner.literal(position, METADATA_KEY));
    const streamIdAt = scanner.literal(position, STREAM_ID_KEY);
    const streamIdEnd = scanner.string(streamIdAt, false);
    const contentEnd = scanner.string(scanner.literal(streamIdEnd, TYPE_KEY), false);
    // The members after the chained content, exactly as the exporter writes them.
    const hashAt = scanner.literal(contentEnd, HASH_KEY);
    if (hashAt < 0) return undefined;
    position = scanner.literal(logPosition(bytes, scanner.literal(hashAt + HASH_DIGITS, POSITION_KEY), end), PREV_HASH_KEY);
    const prevHashAt = position;
    const listsPrevHash = position >= 0 && bytes[position] !== QUOTE;
    if (listsPrevHash) position += HASH_DIGITS;
    position = scanner.literal(position, SEAL_NUMBER_KEY);
    if (position < 0) return undefined;
    position = bytes[position] === LETTER_N ? scanner.literal(position, NULL) : bytes[position] === DIGIT_0 ? position + 1 : digits(bytes, position, end);
    const versionAt = scanner.literal(position, STREAM_VERSION_KEY);
    const versionEnd = digits(bytes, versionAt, end);
    if (scanner.literal(versionEnd, EVENT_END) !== end) return undefined;
    // Leading zeros and very long versions are left to the parsed record.
    if (versionEnd - versionAt > MAX_VERSION_DIGITS || (bytes[versionAt] === DIGIT_0 && versionEnd - versionAt > 1)) return undefined;
    // prevHash bytes, then the chained content: the member bytes plus the closing brace.
    const prefix = listsPrevHash ? 32 : 0;
    const length = prefix + contentEnd - contentStart + 1;
    if (this.hashed.length < length) this.hashed = Buffer.allocUnsafe(length * 2);
    const { hashed } = this;
    if (listsPrevHash && !decodeHash(bytes, prevHashAt, hashed, 0)) return undefined;
    bytes.copy(hashed, prefix, contentStart, contentEnd);
    hashed[length - 1] = CLOSE_BRACE;
    if (!decodeHash(bytes, hashAt, this.digest, 0)) return undefined;
    let version = 0;
    for (let at = versionAt; at < versionEnd; at += 1) version = version * 10 + bytes[at]! - DIGIT_0;
    return {
      hashed: hashed.subarray(0, length),
      hash: this.digest.toString('latin1'),
      prevHash: listsPrevHash ? hashed : undefined,
      // The scanner proved these bytes canonical JSON: JSON.stringify(streamId), as the parsed record's key.
      streamKey: bytes.toString('latin1', streamIdAt, streamIdEnd),
      version,
    };
  }

  /** {"leaf":"<hash>","position":"<commit>:<prepare>"}: the hash as a latin1 digest, else undefined. */
  leaf(bytes: Buffer, start: number, end: number): string | undefined {
    const { scanner } = this;
    scanner.reset(bytes, end);
    const hashAt = scanner.literal(start, LEAF_START);
    if (hashAt < 0) return undefined;
    const position = scanner.literal(logPosition(bytes, scanner.literal(hashAt + HASH_DIGITS, POSITION_KEY), end), LEAF_END);
    if (position !== end || !decodeHash(bytes, hashAt, this.digest, 0)) return undefined;
    return this.digest.toString('latin1');
  }
}

/** A parsed event record; a string when its prevHash is not a hash, the one thing that stops it being hashed. */
export function parsedEvent(event: EvidenceEventRecord): ListedEvent | string {
  // The exporter lists "" for a stream's first event; null or no member says the same.
  const listed: unknown = event.prevHash ?? '';
  if (typeof listed !== 'string' || (listed !== '' && !HASH_TEXT.test(listed))) return 'lists a prevHash that is not a SHA-256 hash';
  const prevHash = Buffer.from(listed, 'hex');
  const streamId: unknown = event.streamId;
  const version: unknown = event.streamVersion;
  const malformed =
    typeof streamId !== 'string' ? 'has no stream id' : typeof version !== 'string' || !VERSION_TEXT.test(version) ? 'has no valid streamVersion' : undefined;
  return {
    hashed: Buffer.concat([prevHash, Buffer.from(chainContent(event), 'utf8')]),
    hash: typeof event.hash === 'string' && HASH_TEXT.test(event.hash) ? Buffer.from(event.hash, 'hex').toString('latin1') : undefined,
    prevHash: listed === '' ? undefined : prevHash,
    streamKey: Buffer.from(JSON.stringify(streamId) ?? '').toString('latin1'),
    version: Number(version),
    ...(malformed === undefined ? {} : { malformed }),
  };
}
