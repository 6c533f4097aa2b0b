import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import {
  type AuditAnchoredData,
  chainContent,
  EVIDENCE_FORMAT,
  evidenceManifest,
  type LedgerSealedData,
  sealContent,
} from '@carbon-ledger/contracts';
import { MerkleAccumulator } from '../../shared/merkle.js';
import type { EvidenceRecord } from './evidence-records.js';

export interface EvidenceVerification {
  readonly ok: boolean;
  readonly events: number;
  readonly leaves: number;
  readonly seals: number;
  readonly unsealedEvents: number;
  /** Anchor transactions to look up on the ledger (the file cannot prove them by itself). */
  readonly anchors: readonly AuditAnchoredData[];
  readonly manifestSha256?: string;
  readonly firstMismatch?: { readonly line: number; readonly reason: string };
}

const MANIFEST_PREFIX = '],"manifest":';

/**
 * Verifies a JSON evidence export offline while streaming it, in O(log n) memory:
 * every full event's hash is re-derived from its content and its predecessor's
 * hash, every seal's Merkle root from the hashes of its range, the seals' chain,
 * and the manifest hash over all records. Stops at the first mismatch.
 */
export async function verifyEvidenceFile(path: string): Promise<EvidenceVerification> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  const manifestHash = createHash('sha256');
  let merkle = new MerkleAccumulator();
  let previousSeal: LedgerSealedData | undefined;
  const sealRoots = new Map<number, string>();
  const anchors: AuditAnchoredData[] = [];
  let lineNumber = 0;
  let records = 0;
  let events = 0;
  let leaves = 0;
  let seals = 0;

  const report = (extra: Partial<EvidenceVerification> = {}): EvidenceVerification => ({
    ok: extra.firstMismatch === undefined,
    events,
    leaves,
    seals,
    unsealedEvents: merkle.count,
    anchors,
    ...extra,
  });
  const fail = (reason: string): EvidenceVerification => report({ firstMismatch: { line: lineNumber, reason } });

  for await (const line of lines) {
    lineNumber += 1;
    if (lineNumber === 1) {
      if (!line.startsWith(`{"format":${JSON.stringify(EVIDENCE_FORMAT)}`)) return fail(`not a ${EVIDENCE_FORMAT} file`);
      continue;
    }
    if (line.startsWith(MANIFEST_PREFIX)) {
      const parsed = evidenceManifest.safeParse(JSON.parse(line.slice(MANIFEST_PREFIX.length, -1)));
      if (!parsed.success) return fail('the manifest is malformed');
      const manifest = parsed.data;
      const digest = manifestHash.digest('hex');
      if (manifest.sha256 !== digest) return fail('the manifest hash does not match the records (a record was changed, added or removed)');
      if (manifest.records !== records || manifest.events !== events || manifest.leaves !== leaves || manifest.seals !== seals) {
        return fail('the manifest counts do not match the records');
      }
      return report({ manifestSha256: digest });
    }
    if (line === '') continue;
    const text = line.endsWith(',') ? line.slice(0, -1) : line;
    let record: EvidenceRecord;
    try {
      record = JSON.parse(text) as EvidenceRecord;
    } catch {
      return fail('a record is not valid JSON');
    }
    manifestHash.update(text).update('\n');
    records += 1;

    if ('event' in record) {
      const { event } = record;
      const hash = createHash('sha256')
        .update(Buffer.from(event.prevHash, 'hex'))
        .update(chainContent(event), 'utf8')
        .digest('hex');
      if (hash !== event.hash) return fail(`event ${event.eventId} (${event.type}, stream ${event.streamId} version ${event.streamVersion}) does not match its hash`);
      merkle.push(Buffer.from(event.hash, 'hex'));
      events += 1;
    } else if ('leaf' in record) {
      if (!/^[0-9a-f]{64}$/.test(record.leaf)) return fail('a leaf is not a SHA-256 hash');
      merkle.push(Buffer.from(record.leaf, 'hex'));
      leaves += 1;
    } else if ('seal' in record) {
      const { seal } = record;
      if (merkle.count !== seal.eventCount) return fail(`seal ${seal.sealNumber} covers ${seal.eventCount} events; the file lists ${merkle.count} in its range`);
      if (merkle.root().toString('hex') !== seal.merkleRoot) return fail(`seal ${seal.sealNumber}: the Merkle root over its events does not match`);
      const sealHash = createHash('sha256').update(sealContent(seal), 'utf8').digest('hex');
      if (sealHash !== seal.sealHash) return fail(`seal ${seal.sealNumber}: its hash does not match its content`);
      if (previousSeal && (seal.prevSealHash !== previousSeal.sealHash || seal.fromPosition !== previousSeal.toPosition || seal.sealNumber !== previousSeal.sealNumber + 1)) {
        return fail(`seal ${seal.sealNumber} does not follow seal ${previousSeal.sealNumber}`);
      }
      previousSeal = seal;
      sealRoots.set(seal.sealNumber, seal.merkleRoot);
      merkle = new MerkleAccumulator();
      seals += 1;
    } else if ('anchor' in record) {
      if (sealRoots.get(record.anchor.sealNumber) !== record.anchor.merkleRoot) {
        return fail(`the anchor of seal ${record.anchor.sealNumber} names another root`);
      }
      anchors.push(record.anchor);
    } else {
      return fail('unknown record');
    }
  }
  // Reaching the end without the manifest line means the download was cut short.
  return fail('the file ends before its manifest (truncated)');
}
