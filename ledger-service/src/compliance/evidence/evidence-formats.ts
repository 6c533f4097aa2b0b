import { createHash } from 'node:crypto';
import { canonicalJson, EVIDENCE_FORMAT, type EvidenceExportRequest, type EvidenceManifest } from '@carbon-ledger/contracts';

import type { EvidenceRecord, EvidenceSummary } from './evidence-records.js';
import { type PdfLine, textPdf } from '../../shared/pdf/text-pdf.js';

export interface ExportContext {
  readonly request: EvidenceExportRequest;
  readonly generatedAt: Date;
  readonly records: AsyncIterable<EvidenceRecord>;
  readonly summary: EvidenceSummary;
}

/** Manifest hash: sha256 over each record line as written + "\n". */
export class ManifestHasher {
  private readonly hash = createHash('sha256');
  records = 0;

  add(line: string): void {
    this.hash.update(line).update('\n');
    this.records += 1;
  }

  /** Several records at once: `lines` is each record line followed by "\n", as UTF-8. */
  addLines(lines: Buffer, records: number): void {
    this.hash.update(lines);
    this.records += records;
  }

  manifest(summary: EvidenceSummary): EvidenceManifest {
    return {
      records: this.records,
      events: summary.events,
      leaves: summary.leaves,
      seals: summary.seals,
      unsealedEvents: summary.unsealedEvents,
      sha256: this.hash.digest('hex'),
    };
  }
}

/**
 * One record line of the JSON export. An event's members are written in the
 * order that makes its first five, `{"data":…,"eventId":…,"metadata":…,"streamId":…,"type":…`,
 * the canonical text its hash covers (chainContent), data and metadata with
 * their keys sorted: the verifier can then hash those bytes as they stand once it
 * has checked they are canonical. Any JSON reader sees the same record.
 */
export function evidenceLine(record: EvidenceRecord): string {
  if (!('event' in record) || record.event.data === undefined || record.event.metadata === undefined) return JSON.stringify(record);
  const { event } = record;
  return (
    `{"event":{"data":${canonicalJson(event.data)},"eventId":${JSON.stringify(event.eventId)},"metadata":${canonicalJson(event.metadata)}` +
    `,"streamId":${JSON.stringify(event.streamId)},"type":${JSON.stringify(event.type)},"hash":${JSON.stringify(event.hash)}` +
    `,"position":${JSON.stringify(event.position)},"prevHash":${JSON.stringify(event.prevHash)},"sealNumber":${JSON.stringify(event.sealNumber)}` +
    `,"streamVersion":${JSON.stringify(event.streamVersion)}}}`
  );
}

/** Records are written (and hashed into the manifest) in chunks of about this many bytes. */
const CHUNK = 256 * 1024;
const NEWLINE = 0x0a;
const COMMA = 0x2c;

/**
 * The JSON export, one record per line (see contracts' EVIDENCE_FORMAT). Each
 * line is encoded once, into the chunk written to the file; the manifest hashes
 * a copy of those bytes without the separating commas.
 */
export async function* jsonExport(context: ExportContext): AsyncGenerator<Buffer> {
  const hasher = new ManifestHasher();
  yield Buffer.from(
    `{"format":${JSON.stringify(EVIDENCE_FORMAT)},"generatedAt":${JSON.stringify(context.generatedAt.toISOString())},"request":${canonicalJson(context.request)},"records":[\n`,
  );
  let chunk = Buffer.allocUnsafe(CHUNK);
  let written = 0;
  let hashed = Buffer.allocUnsafe(CHUNK);
  let hashedLength = 0;
  let pending = 0;
  let first = true;
  const flush = (): Buffer => {
    hasher.addLines(hashed.subarray(0, hashedLength), pending);
    const full = chunk.subarray(0, written);
    chunk = Buffer.allocUnsafe(CHUNK);
    written = hashedLength = pending = 0;
    return full;
  };
  for await (const record of context.records) {
    const line = evidenceLine(record);
    // UTF-8 takes at most 3 bytes per UTF-16 code unit; the separator 2 more.
    const room = line.length * 3 + 2;
    if (written + room > chunk.length) {
      if (written > 0) yield flush();
      if (room > chunk.length) chunk = Buffer.allocUnsafe(room);
      if (room > hashed.length) hashed = Buffer.allocUnsafe(room);
    }
    if (!first) {
      chunk[written] = COMMA;
      chunk[written + 1] = NEWLINE;
      written += 2;
    }
    first = false;
    const length = chunk.write(line, written);
    chunk.copy(hashed, hashedLength, written, written + length);
    hashed[hashedLength + length] = NEWLINE;
    written += length;
    hashedLength += length + 1;
    pending += 1;
  }
  const last = flush();
  yield Buffer.concat([last, Buffer.from(`\n],"manifest":${canonicalJson(hasher.manifest(context.summary))}}\n`)]);
}

function csvCell(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : JSON.stringify(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The selected events as a spreadsheet; verification works on the JSON export. */
export async function* csvExport(context: ExportContext): AsyncGenerator<string> {
  yield 'position,recorded_at,stream_id,stream_version,event_id,type,seal_number,hash,prev_hash,actor,data\n';
  for await (const record of context.records) {
    if (!('event' in record)) continue;
    const { event } = record;
    const metadata = event.metadata as { recordedAt?: string; actor?: { userId?: string } };
    yield `${[
      event.position,
      metadata.recordedAt,
      event.streamId,
      event.streamVersion,
      event.eventId,
      event.type,
      event.sealNumber,
      event.hash,
      event.prevHash,
      metadata.actor?.userId,
      event.data,
    ]
      .map(csvCell)
      .join(',')}\n`;
  }
}

/** A one-page summary: what was exported, the seals and anchors covering it, and the manifest hash. */
export async function pdfExport(context: ExportContext): Promise<Buffer> {
  const hasher = new ManifestHasher();
  for await (const record of context.records) hasher.add(evidenceLine(record));
  const manifest = hasher.manifest(context.summary);
  const { request, summary } = context;
  const types = Object.entries(summary.byType).sort(([a], [b]) => a.localeCompare(b));
  const lines: PdfLine[] = [
    { text: 'Carbon Ledger - Evidence Export Summary', bold: true, size: 16, gap: 26 },
    { text: `Generated ${context.generatedAt.toISOString()}` },
    {
      text: `Export type: ${request.exportType}; KYC/AML records: ${request.includeKYC ? 'included' : 'not included'}; ledger records: ${request.includeBlockchain ? 'included' : 'not included'}`,
    },
    { text: `Date range: ${request.dateRange.from ?? 'start of the log'} to ${request.dateRange.to ?? 'now'}`, gap: 24 },
    { text: 'Contents', bold: true, size: 12, gap: 18 },
    { text: `${summary.events} events exported; ${summary.leaves} other events of the sealed ranges listed by hash` },
    { text: `Recorded between ${summary.firstRecordedAt ?? '-'} and ${summary.lastRecordedAt ?? '-'}` },
    ...types.slice(0, 12).map(([type, count]) => ({ text: `    ${type}: ${count}` })),
    ...(types.length > 12 ? [{ text: `    ... and ${types.length - 12} more event types` }] : []),
    { text: '', gap: 10 },
    { text: 'Tamper evidence', bold: true, size: 12, gap: 18 },
    {
      text: `${summary.seals} seals cover the export (${summary.sealNumbers.length ? `numbers ${summary.sealNumbers[0]} to ${summary.sealNumbers.at(-1)}` : 'none yet'}); ${summary.unsealedEvents} events are newer than the last seal.`,
    },
    ...summary.anchors.slice(-6).map((anchor) => ({ text: `    Seal ${anchor.sealNumber} anchored on XRPL ${anchor.network}: ${anchor.txHash}` })),
    { text: `Manifest SHA-256 (over the JSON export's records): ${manifest.sha256}`, gap: 24 },
    { text: 'Verify the JSON export offline with: npm run verify:export <file>', size: 9 },
  ];
  return textPdf(lines, { title: 'Carbon Ledger - Evidence Export Summary', maxPages: 1 });
}
