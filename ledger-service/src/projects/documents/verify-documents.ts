import { type CitedDocument, type EventStore, isBatchClaimsEvent, isProjectEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import type pg from 'pg';
import { foldLog, type LogFold } from '../../shared/fold-log.js';
import { sha256Of } from './document-store.js';

export interface DocumentsReport {
  readonly ok: boolean;
  /** Distinct documents the log cites. */
  readonly cited: number;
  readonly problems: readonly string[];
}

/** The documents a project event cites, or a batch's letter of authorization. */
export function citedBy(event: RecordedEvent): readonly CitedDocument[] {
  if (isBatchClaimsEvent(event)) return event.type === 'BatchAuthorizationRecorded' && event.data.letter ? [event.data.letter] : [];
  if (!isProjectEvent(event)) return [];
  switch (event.type) {
    case 'ProjectDrafted':
    case 'ProjectValidated':
    case 'ValidationRejected':
    case 'MonitoringReportFiled':
    case 'MonitoringReportVerified':
      return event.data.documents;
    default:
      return [];
  }
}

/** The documents the log cites, each with the size and the first event that cites it. */
export class DocumentCitations implements LogFold {
  readonly cited = new Map<string, { readonly size: number; readonly citedAt: string }>();

  apply(event: RecordedEvent): void {
    for (const document of citedBy(event)) {
      if (!this.cited.has(document.sha256))
        this.cited.set(document.sha256, { size: document.size, citedAt: `${event.type} of ${event.streamId} v${event.streamVersion}` });
    }
  }
}

/**
 * Every document the log cites must still be stored with the bytes its citation names: their sha256
 * is the hash, their length the size. A missing or changed document is named with the event that cites it.
 */
export async function verifyDocuments(eventStore: EventStore, pool: pg.Pool): Promise<DocumentsReport> {
  const citations = new DocumentCitations();
  await foldLog(eventStore, citations);
  return checkCitedDocuments(citations, pool);
}

/** Checks each cited document against the stored bytes. */
export async function checkCitedDocuments(citations: DocumentCitations, pool: pg.Pool): Promise<DocumentsReport> {
  const problems: string[] = [];
  for (const [sha256, citation] of citations.cited) {
    const { rows } = await pool.query<{ content: Buffer }>('select content from registry_documents where sha256 = $1', [sha256]);
    const stored = rows[0];
    if (!stored) problems.push(`document ${sha256}, cited by ${citation.citedAt}, is not stored`);
    else if (sha256Of(stored.content) !== sha256) problems.push(`document ${sha256}, cited by ${citation.citedAt}, no longer has that hash`);
    else if (stored.content.length !== citation.size)
      problems.push(`document ${sha256}, cited by ${citation.citedAt}, is ${stored.content.length} bytes, not ${citation.size}`);
  }
  return { ok: problems.length === 0, cited: citations.cited.size, problems };
}
