import { createHash } from 'node:crypto';
import { canonicalJson, EVIDENCE_FORMAT, type EvidenceExportRequest, type EvidenceManifest } from '@carbon-ledger/contracts';
import type { EvidenceRecord, EvidenceSummary } from './evidence-records.js';
import { onePagePdf } from '../../shared/one-page-pdf.js';

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

/** The JSON export, one record per line (see contracts' EVIDENCE_FORMAT). */
export async function* jsonExport(context: ExportContext): AsyncGenerator<string> {
  const hasher = new ManifestHasher();
  yield `{"format":${JSON.stringify(EVIDENCE_FORMAT)},"generatedAt":${JSON.stringify(context.generatedAt.toISOString())},"request":${canonicalJson(context.request)},"records":[\n`;
  let first = true;
  for await (const record of context.records) {
    const line = JSON.stringify(record);
    hasher.add(line);
    yield first ? line : `,\n${line}`;
    first = false;
  }
  yield `\n],"manifest":${canonicalJson(hasher.manifest(context.summary))}}\n`;
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
  for await (const record of context.records) hasher.add(JSON.stringify(record));
  const manifest = hasher.manifest(context.summary);
  const { request, summary } = context;
  const types = Object.entries(summary.byType).sort(([a], [b]) => a.localeCompare(b));
  const lines: { text: string; bold?: boolean; size?: number; gap?: number }[] = [
    { text: 'Carbon Ledger - Evidence Export Summary', bold: true, size: 16, gap: 26 },
    { text: `Generated ${context.generatedAt.toISOString()}` },
    { text: `Export type: ${request.exportType}; KYC/AML records: ${request.includeKYC ? 'included' : 'not included'}; ledger records: ${request.includeBlockchain ? 'included' : 'not included'}` },
    { text: `Date range: ${request.dateRange.from ?? 'start of the log'} to ${request.dateRange.to ?? 'now'}`, gap: 24 },
    { text: 'Contents', bold: true, size: 12, gap: 18 },
    { text: `${summary.events} events exported; ${summary.leaves} other events of the sealed ranges listed by hash` },
    { text: `Recorded between ${summary.firstRecordedAt ?? '-'} and ${summary.lastRecordedAt ?? '-'}` },
    ...types.slice(0, 12).map(([type, count]) => ({ text: `    ${type}: ${count}` })),
    ...(types.length > 12 ? [{ text: `    ... and ${types.length - 12} more event types` }] : []),
    { text: '', gap: 10 },
    { text: 'Tamper evidence', bold: true, size: 12, gap: 18 },
    { text: `${summary.seals} seals cover the export (${summary.sealNumbers.length ? `numbers ${summary.sealNumbers[0]} to ${summary.sealNumbers.at(-1)}` : 'none yet'}); ${summary.unsealedEvents} events are newer than the last seal.` },
    ...summary.anchors.slice(-6).map((anchor) => ({ text: `    Seal ${anchor.sealNumber} anchored on XRPL ${anchor.network}: ${anchor.txHash}` })),
    { text: `Manifest SHA-256 (over the JSON export's records): ${manifest.sha256}`, gap: 24 },
    { text: 'Verify the JSON export offline with: npm run verify:export <file>', size: 9 },
  ];
  return onePagePdf(lines);
}
