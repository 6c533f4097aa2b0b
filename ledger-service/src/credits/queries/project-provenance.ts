import {
  adjustmentStatusLabels,
  authorizedUseLabels,
  batchClaimsStreamId,
  type CitedDocument,
  type EventStore,
  formatPosition,
  isBatchClaimsEvent,
  isProjectEvent,
  parsePosition,
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
    entries.push(entryOf(recorded, facts, sealCovering));
  }
  return entries;
}

function entryOf(recorded: RecordedEvent, facts: EntryFacts, sealCovering: SealLookup): ProvenanceEntry {
  return {
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
  };
}

function claimsFacts(recorded: RecordedEvent): EntryFacts | undefined {
  if (!isBatchClaimsEvent(recorded)) return undefined;
  const event = recorded;
  switch (event.type) {
    case 'BatchAuthorizationRecorded': {
      const { data } = event;
      if (!data.authorized || !data.use) return { description: `Host-country authorization (${data.hostCountry}) withdrawn or not given`, documents: [] };
      return {
        description: `Authorized by ${data.hostCountry} on ${data.authorizedOn} for ${authorizedUseLabels[data.use]} (Article 6.2 letter of authorization)`,
        documents: data.letter ? [data.letter] : [],
      };
    }
    case 'AuthorizedUnitsFirstTransferred':
      return undefined;
    case 'CorrespondingAdjustmentRecorded':
      return {
        description: `Corresponding adjustment ${adjustmentStatusLabels[event.data.status].toLowerCase()}${event.data.reportingPeriod ? ` (reporting period ${event.data.reportingPeriod})` : ''}`,
        documents: [],
      };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export const byPosition = (a: Pick<ProvenanceEntry, 'position'>, b: Pick<ProvenanceEntry, 'position'>): number => {
  const [x, y] = [parsePosition(a.position), parsePosition(b.position)];
  return x.commit === y.commit ? Number(x.prepare - y.prepare) : x.commit < y.commit ? -1 : 1;
};

const FIRST_TRANSFER_NOTE = ' (first transfer of authorized units, Article 6)';

/** A batch's Article 6 claims as entries, and the trade events the log recorded as first transfers of authorized units. */
export async function readBatchClaims(
  eventStore: EventStore,
  batch: { readonly token_id: string },
  sealCovering: SealLookup,
): Promise<{ readonly claims: readonly ProvenanceEntry[]; readonly firstTransfers: ReadonlySet<string> }> {
  const claims: ProvenanceEntry[] = [];
  /** The trade events recorded as first transfers: a first transfer's record is caused by its trade. */
  const firstTransfers = new Set<string>();
  for (const recorded of await eventStore.readStream(batchClaimsStreamId(batch.token_id))) {
    if (recorded.type === 'AuthorizedUnitsFirstTransferred') {
      if (recorded.metadata.causationId) firstTransfers.add(recorded.metadata.causationId);
      continue;
    }
    const facts = claimsFacts(recorded);
    if (facts) claims.push(entryOf(recorded, facts, sealCovering));
  }
  return { claims: claims.sort(byPosition), firstTransfers };
}

/** A transfer entry the log recorded as the first transfer of authorized units says so. */
export function markedFirstTransfer(entry: ProvenanceEntry, firstTransfers: ReadonlySet<string>): ProvenanceEntry {
  return entry.kind === 'transfer' && firstTransfers.has(entry.eventId)
    ? { ...entry, description: `${entry.description}${FIRST_TRANSFER_NOTE}`, firstTransfer: true }
    : entry;
}

/**
 * A batch's history with its Article 6 claims in it (docs/credit-use.md): the authorization and the
 * adjustment where the log recorded them, and each trade the log recorded as the first transfer of
 * authorized units marked on its transfer entry.
 */
export async function withBatchClaims(
  eventStore: EventStore,
  batch: { readonly token_id: string },
  entries: readonly ProvenanceEntry[],
  sealCovering: SealLookup,
): Promise<ProvenanceEntry[]> {
  const { claims, firstTransfers } = await readBatchClaims(eventStore, batch, sealCovering);
  if (claims.length === 0 && firstTransfers.size === 0) return [...entries];
  // The project's own steps come first; the claims fall among the market's entries where the log has them.
  const lead = entries.filter((entry) => entry.kind === 'project');
  const rest = [...entries.filter((entry) => entry.kind !== 'project'), ...claims].sort(byPosition);
  return [...lead, ...rest.map((entry) => markedFirstTransfer(entry, firstTransfers))];
}
