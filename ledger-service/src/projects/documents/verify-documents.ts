import { type CitedDocument, type EventStore, isBatchClaimsEvent, isProjectEvent, type Position, type RecordedEvent, START } from '@carbon-ledger/contracts';
import type pg from 'pg';
import { sha256Of } from './document-store.js';

const PAGE = 5_000;

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

/**
 * Every document the log cites must still be stored with the bytes its citation names: their sha256
 * is the hash, their length the size. A missing or changed document is named with the event that cites it.
 */
export async function verifyDocuments(eventStore: EventStore, pool: pg.Pool): Promise<DocumentsReport> {
  const citations = new Map<string, { readonly size: number; readonly citedAt: string }>();
  let after: Position = START;
  for (;;) {
    const page = await eventStore.readAll({ after, limit: PAGE });
    for (const event of page) {
      for (const document of citedBy(event)) {
        if (!citations.has(document.sha256))
          citations.set(document.sha256, { size: document.size, citedAt: `${event.type} of ${event.streamId} v${event.streamVersion}` });
      }
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.position;
  }
  const problems: string[] = [];
  for (const [sha256, citation] of citations) {
    const { rows } = await pool.query<{ content: Buffer }>('select content from registry_documents where sha256 = $1', [sha256]);
    const stored = rows[0];
    if (!stored) problems.push(`document ${sha256}, cited by ${citation.citedAt}, is not stored`);
    else if (sha256Of(stored.content) !== sha256) problems.push(`document ${sha256}, cited by ${citation.citedAt}, no longer has that hash`);
    else if (stored.content.length !== citation.size)
      problems.push(`document ${sha256}, cited by ${citation.citedAt}, is ${stored.content.length} bytes, not ${citation.size}`);
  }
  return { ok: problems.length === 0, cited: citations.size, problems };
}
