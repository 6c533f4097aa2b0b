import { createHash, type Hash, hash as sha256 } from 'node:crypto';
import { open } from 'node:fs/promises';
import {
  type AuditAnchoredData,
  EVIDENCE_FORMAT,
  type EvidenceEventRecord,
  evidenceManifest,
  type LedgerSealedData,
  sealContent,
} from '@carbon-ledger/contracts';
import { MerkleStream } from '../../shared/merkle.js';
import type { EvidenceRecord } from './evidence-records.js';
import { CARRIAGE_RETURN, CLOSE_BRACKET, COMMA, LINE_FEED } from './json-bytes.js';
import { ExporterLines, HASH_TEXT, type ListedEvent, parsedEvent } from './record-lines.js';
import { StreamHeads } from './stream-heads.js';

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
  /** Every document the file's events cite, once per hash, as the first citing event recorded it. */
  readonly documents: readonly CitedInExport[];
  readonly manifestSha256?: string;
  readonly firstMismatch?: { readonly line: number; readonly reason: string };
}

/** A document an event of the file cites: what the log recorded of it, and where. */
export interface CitedInExport {
  readonly sha256: string;
  readonly name: string;
  readonly size: number;
  readonly mediaType: string;
  readonly kind: string;
  /** The first event citing it. */
  readonly citedBy: string;
}

const MANIFEST_PREFIX = '],"manifest":';
const DOCUMENTS_KEY = Buffer.from('"documents":[');
const DOCUMENT_HASH = /^[0-9a-f]{64}$/;
const HEADER_PREFIX = Buffer.from(`{"format":${JSON.stringify(EVIDENCE_FORMAT)}`);
/** The file is read this much at a time (more when one line is longer). */
const READ_SIZE = 4 * 1024 * 1024;
/** Record lines are hashed into the manifest in batches of about this many bytes. */
const MANIFEST_BATCH = 1024 * 1024;

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
      const end = bytes.lastIndexOf(LINE_FEED, filled - 1) + 1;
      if (end === 0) continue; // one line longer than the buffer so far
      yield { bytes, end };
      bytes.copy(bytes, 0, end, filled);
      filled -= end;
    }
  } finally {
    await file.close();
  }
}

/** sha256 over each record line (without its separating comma) + "\n", fed in batches: one update per line cost more than the copy. */
class ManifestHash {
  private readonly hash: Hash = createHash('sha256');
  private batch = Buffer.allocUnsafe(MANIFEST_BATCH * 2);
  private batched = 0;

  add(bytes: Buffer, start: number, end: number): void {
    const length = end - start;
    if (this.batched + length + 1 > this.batch.length) {
      this.flush();
      if (length + 1 > this.batch.length) this.batch = Buffer.allocUnsafe(length + 1);
    }
    bytes.copy(this.batch, this.batched, start, end);
    this.batch[this.batched + length] = LINE_FEED;
    this.batched += length + 1;
    if (this.batched >= MANIFEST_BATCH) this.flush();
  }

  digest(): string {
    this.flush();
    return this.hash.digest('hex');
  }

  private flush(): void {
    this.hash.update(this.batch.subarray(0, this.batched));
    this.batched = 0;
  }
}

/** The name of an event in a mismatch. */
const named = (event: EvidenceEventRecord): string => `event ${event.eventId} (${event.type}, stream ${event.streamId} version ${event.streamVersion})`;

/**
 * The state of one verification and one method per kind of line and record.
 * Each record method returns undefined when the record checks out, else the
 * reason; it changes nothing when it does not.
 */
class EvidenceFileVerifier {
  private readonly manifestHash = new ManifestHash();
  private readonly exporterLines = new ExporterLines();
  private readonly heads = new StreamHeads();
  /** The Merkle tree of the seal to come: the events and leaves since the last seal. */
  private merkle = new MerkleStream();
  private previousSeal: LedgerSealedData | undefined;
  private readonly sealRoots = new Map<number, string>();
  private readonly anchors: AuditAnchoredData[] = [];
  private readonly documents = new Map<string, CitedInExport>();
  private lineNumber = 0;
  private records = 0;
  private events = 0;
  private leaves = 0;
  private seals = 0;
  private entryPoints = 0;

  /** One line without its line break; a result ends the verification. */
  line(bytes: Buffer, start: number, end: number): EvidenceVerification | undefined {
    this.lineNumber += 1;
    if (this.lineNumber === 1) return this.header(bytes, start, end);
    if (end === start) return undefined;
    if (bytes[start] === CLOSE_BRACKET) {
      const line = bytes.toString('utf8', start, end);
      if (line.startsWith(MANIFEST_PREFIX)) return this.manifest(line);
    }
    const recordEnd = bytes[end - 1] === COMMA ? end - 1 : end;
    this.manifestHash.add(bytes, start, recordEnd);
    this.records += 1;
    const reason = this.recordLine(bytes, start, recordEnd);
    if (reason !== undefined) return this.fail(reason);
    // Only registry events cite documents: the rest are never parsed for them.
    const documents = bytes.indexOf(DOCUMENTS_KEY, start);
    if (documents >= 0 && documents < recordEnd) this.citations(bytes.toString('utf8', start, recordEnd));
    return undefined;
  }

  /** The documents a checked event cites (its content matched its hash, so they are what the log recorded). */
  private citations(line: string): void {
    const record = JSON.parse(line) as { event?: EvidenceEventRecord };
    if (!record.event) return;
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) {
        for (const item of value) walk(item);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      for (const [key, child] of Object.entries(value)) {
        if (key === 'documents' && Array.isArray(child)) {
          for (const cited of child as Partial<Record<keyof CitedInExport, unknown>>[]) {
            if (typeof cited.sha256 !== 'string' || !DOCUMENT_HASH.test(cited.sha256) || this.documents.has(cited.sha256)) continue;
            this.documents.set(cited.sha256, {
              sha256: cited.sha256,
              name: String(cited.name ?? ''),
              size: Number(cited.size ?? 0),
              mediaType: String(cited.mediaType ?? ''),
              kind: String(cited.kind ?? ''),
              citedBy: named(record.event!),
            });
          }
        } else walk(child);
      }
    };
    walk(record.event.data);
  }

  /** The file ended without its manifest line: the download was cut short. */
  end(): EvidenceVerification {
    return this.fail('the file ends before its manifest (truncated)');
  }

  private header(bytes: Buffer, start: number, end: number): EvidenceVerification | undefined {
    const isHeader = end - start >= HEADER_PREFIX.length && bytes.compare(HEADER_PREFIX, 0, HEADER_PREFIX.length, start, start + HEADER_PREFIX.length) === 0;
    return isHeader ? undefined : this.fail(`not a ${EVIDENCE_FORMAT} file`);
  }

  /** A record line read on its bytes where the exporter wrote it, else parsed; a mismatch is always named by the parsed record. */
  private recordLine(bytes: Buffer, start: number, end: number): string | undefined {
    const listed = this.exporterLines.event(bytes, start, end);
    if (listed !== undefined) {
      if (this.event(listed) === undefined) return undefined;
    } else {
      const leaf = this.exporterLines.leaf(bytes, start, end);
      if (leaf !== undefined) return this.leaf(leaf);
    }
    return this.parsedRecord(bytes.toString('utf8', start, end));
  }

  private parsedRecord(line: string): string | undefined {
    let record: EvidenceRecord;
    try {
      record = JSON.parse(line) as EvidenceRecord;
    } catch {
      return 'a record is not valid JSON';
    }
    if ('event' in record) {
      const listed = parsedEvent(record.event);
      const reason = typeof listed === 'string' ? listed : this.event(listed);
      return reason === undefined ? undefined : `${named(record.event)} ${reason}`;
    }
    if ('leaf' in record) return HASH_TEXT.test(record.leaf) ? this.leaf(Buffer.from(record.leaf, 'hex').toString('latin1')) : 'a leaf is not a SHA-256 hash';
    if ('seal' in record) return this.seal(record.seal);
    if ('anchor' in record) return this.anchor(record.anchor);
    return 'unknown record';
  }

  /** An event: its hash re-derived from its content and listed prevHash, and linked to its stream's previous event. */
  private event(listed: ListedEvent): string | undefined {
    if (listed.hash === undefined || sha256('sha256', listed.hashed, 'binary') !== listed.hash) return 'does not match its hash';
    if (listed.malformed !== undefined) return listed.malformed;
    const link = this.heads.link(listed.streamKey, listed.version, listed.prevHash, listed.hash, this.leaves);
    if ('broken' in link) return link.broken;
    if (link.entryPoint) this.entryPoints += 1;
    this.merkle.pushDigest(listed.hash);
    this.events += 1;
    return undefined;
  }

  /** An event listed by its hash alone (a selection's other events): a leaf of its seal's tree. */
  private leaf(digest: string): undefined {
    this.merkle.pushDigest(digest);
    this.leaves += 1;
    return undefined;
  }

  /** A seal: the Merkle root over the events since the last seal, its own hash, and its link to the last seal. */
  private seal(seal: LedgerSealedData): string | undefined {
    if (this.merkle.count !== seal.eventCount)
      return `seal ${seal.sealNumber} covers ${seal.eventCount} events; the file lists ${this.merkle.count} in its range`;
    if (this.merkle.root().toString('hex') !== seal.merkleRoot) return `seal ${seal.sealNumber}: the Merkle root over its events does not match`;
    const sealHash = createHash('sha256').update(sealContent(seal), 'utf8').digest('hex');
    if (sealHash !== seal.sealHash) return `seal ${seal.sealNumber}: its hash does not match its content`;
    const previous = this.previousSeal;
    if (previous && (seal.prevSealHash !== previous.sealHash || seal.fromPosition !== previous.toPosition || seal.sealNumber !== previous.sealNumber + 1)) {
      return `seal ${seal.sealNumber} does not follow seal ${previous.sealNumber}`;
    }
    this.previousSeal = seal;
    this.sealRoots.set(seal.sealNumber, seal.merkleRoot);
    this.merkle = new MerkleStream();
    this.seals += 1;
    return undefined;
  }

  /** An anchor: it must name the root of a seal the file listed before it. */
  private anchor(anchor: AuditAnchoredData): string | undefined {
    if (this.sealRoots.get(anchor.sealNumber) !== anchor.merkleRoot) return `the anchor of seal ${anchor.sealNumber} names another root`;
    this.anchors.push(anchor);
    return undefined;
  }

  /** The last line: the manifest's hash and counts over every record line. */
  private manifest(line: string): EvidenceVerification {
    let parsed;
    try {
      parsed = evidenceManifest.safeParse(JSON.parse(line.slice(MANIFEST_PREFIX.length, -1)));
    } catch {
      return this.fail('the manifest is malformed');
    }
    if (!parsed.success) return this.fail('the manifest is malformed');
    const manifest = parsed.data;
    const digest = this.manifestHash.digest();
    if (manifest.sha256 !== digest) return this.fail('the manifest hash does not match the records (a record was changed, added or removed)');
    if (manifest.records !== this.records || manifest.events !== this.events || manifest.leaves !== this.leaves || manifest.seals !== this.seals) {
      return this.fail('the manifest counts do not match the records');
    }
    return this.report({ manifestSha256: digest });
  }

  private fail(reason: string): EvidenceVerification {
    return this.report({ firstMismatch: { line: this.lineNumber, reason } });
  }

  private report(extra: Partial<EvidenceVerification>): EvidenceVerification {
    return {
      ok: extra.firstMismatch === undefined,
      events: this.events,
      leaves: this.leaves,
      seals: this.seals,
      unsealedEvents: this.merkle.count,
      entryPoints: this.entryPoints,
      anchors: this.anchors,
      documents: [...this.documents.values()],
      ...extra,
    };
  }
}

/**
 * Verifies a JSON evidence export offline while streaming it, in O(log n + s)
 * memory for n records and s streams with events in the file: every full event's
 * hash is re-derived from its content and the prevHash it lists, and linked to
 * its stream's previous event in the file (see StreamHeads); every seal's Merkle
 * root from the hashes of its range, the seals' chain, and the manifest hash
 * over all records. Stops at the first mismatch.
 */
export async function verifyEvidenceFile(path: string): Promise<EvidenceVerification> {
  const verifier = new EvidenceFileVerifier();
  for await (const { bytes, end } of lineBlocks(path)) {
    for (let start = 0; start < end;) {
      let lineBreak = bytes.indexOf(LINE_FEED, start);
      if (lineBreak < 0 || lineBreak >= end) lineBreak = end;
      // A line break may have become CRLF on the way.
      const lineEnd = lineBreak > start && bytes[lineBreak - 1] === CARRIAGE_RETURN ? lineBreak - 1 : lineBreak;
      const result = verifier.line(bytes, start, lineEnd);
      if (result) return result;
      start = lineBreak + 1;
    }
  }
  return verifier.end();
}
