import {
  type CitedDocument,
  type EventStore,
  formatPosition,
  isProjectEvent,
  type ProvenanceEntry,
  projectStreamId,
  type RecordedEvent,
} from '@carbon-ledger/contracts';
import { provenanceSeal, type SealLookup } from './event-log-seals.js';

type EntryFacts = Pick<ProvenanceEntry, 'description'> & { readonly documents: readonly CitedDocument[] };

/** What a project event says in a batch's history, for the report the batch was issued from; undefined for the others. */
function projectFacts(recorded: RecordedEvent, reportId: string): EntryFacts | undefined {
  if (!isProjectEvent(recorded)) return undefined;
  const event = recorded;
  switch (event.type) {
    case 'ProjectDrafted':
      return {
        description: `Project ${event.data.name} (${event.data.projectId}) drafted by its proponent: ${event.data.projectType} in ${event.data.hostCountry}, ${event.data.standard}, ${event.data.methodology}`,
        documents: event.data.documents,
      };
    case 'ProjectValidated':
      return { description: 'Project validated by its independent verifier', documents: event.data.documents };
    case 'ProjectRegistered':
      return { description: 'Project registered by the registry', documents: [] };
    case 'MonitoringReportFiled':
      if (event.data.reportId !== reportId) return undefined;
      return {
        description: `Monitoring report ${event.data.reportId} filed for ${event.data.period.start} to ${event.data.period.end}: ${event.data.claimed.map((row) => `${row.quantity} claimed for ${row.vintage}`).join(', ')}`,
        documents: event.data.documents,
      };
    case 'MonitoringReportVerified':
      if (event.data.reportId !== reportId) return undefined;
      return {
        description: `Monitoring report verified: ${event.data.verified.map((row) => `${row.quantity} for ${row.vintage}`).join(', ')}${event.data.reasons ? ` (${event.data.reasons})` : ''}`,
        documents: event.data.documents,
      };
    case 'IssuanceApproved':
      if (event.data.reportId !== reportId) return undefined;
      return {
        description: `Issuance approved by the registry${event.data.bufferSharePercent > 0 ? `, ${event.data.bufferSharePercent} % to the buffer pool` : ''}`,
        documents: [],
      };
    default:
      return undefined;
  }
}

/**
 * Where a batch's evidence starts (docs/registry.md): the project's registration and the monitoring
 * report it was issued from, its verification and the approval, each with the documents it cites.
 * Empty for a batch issued before the registry lifecycle (it names no report).
 */
export async function projectProvenance(
  eventStore: EventStore,
  batch: { readonly project_id: string; readonly report_id: string | null },
  sealCovering: SealLookup,
): Promise<ProvenanceEntry[]> {
  if (!batch.report_id) return [];
  const entries: ProvenanceEntry[] = [];
  for (const recorded of await eventStore.readStream(projectStreamId(batch.project_id))) {
    const facts = projectFacts(recorded, batch.report_id);
    if (!facts) continue;
    entries.push({
      kind: 'project',
      description: facts.description,
      occurredAt: recorded.metadata.recordedAt,
      quantity: null,
      fromAccountId: null,
      toAccountId: null,
      serialRanges: [],
      xrplTransactions: [],
      documents: facts.documents.map((document) => ({ sha256: document.sha256, name: document.name, kind: document.kind })),
      position: formatPosition(recorded.position),
      eventId: recorded.eventId,
      eventHash: recorded.hash,
      seal: provenanceSeal(sealCovering(recorded.position)),
    });
  }
  return entries;
}
