import {
  ANCHORS_STREAM,
  type AuditAnchoredData,
  blockchainEvidenceEventTypes,
  comparePositions,
  dateRangeBounds,
  type EventStore,
  type EvidenceEventRecord,
  type EvidenceExportRequest,
  exportEventTypes,
  formatPosition,
  isAuditEvent,
  kycEvidenceEventTypes,
  type LedgerSealedData,
  parsePosition,
  type Position,
  type RecordedEvent,
  SEALS_STREAM,
  START,
} from '@carbon-ledger/contracts';

/** One line of the export's `records` array. */
export type EvidenceRecord =
  | { readonly event: EvidenceEventRecord }
  | { readonly leaf: string; readonly position: string }
  | { readonly seal: LedgerSealedData }
  | { readonly anchor: AuditAnchoredData };

export interface EvidenceSummary {
  events: number;
  leaves: number;
  seals: number;
  unsealedEvents: number;
  byType: Record<string, number>;
  firstRecordedAt: string | null;
  lastRecordedAt: string | null;
  sealNumbers: number[];
  anchors: AuditAnchoredData[];
}

const PAGE = 500;

/** Which events the request selects, by type and by the date they were recorded. */
export function evidenceSelector(request: EvidenceExportRequest): (event: RecordedEvent) => boolean {
  const types = exportEventTypes[request.exportType];
  const kyc = new Set(kycEvidenceEventTypes);
  const blockchain = new Set(blockchainEvidenceEventTypes);
  const { from, to } = dateRangeBounds(request.dateRange);
  // The events of one command share their recordedAt, so consecutive events mostly repeat it.
  let lastRecordedAt: string | undefined;
  let lastAt = Number.NaN;
  return (event) => {
    if (event.metadata.recordedAt !== lastRecordedAt) {
      lastRecordedAt = event.metadata.recordedAt;
      lastAt = Date.parse(lastRecordedAt);
    }
    const at = lastAt;
    if (!(at >= from && at <= to)) return false;
    if (kyc.has(event.type)) return request.includeKYC;
    if (blockchain.has(event.type)) return request.includeBlockchain;
    return types === 'all' || types.includes(event.type);
  };
}

/**
 * Streams whose last hash the export keeps (each selected event lists its stream's previous hash).
 * A log holds a stream per user, market, alert, order…: 700,000 at 10,000,000 events, whose heads
 * alone outgrew the export's 128 MB heap. The streams seen longest ago are let go; an event of one
 * of them looks its predecessor up in the store.
 */
const KEPT_HEADS = 50_000;

/**
 * Streams the evidence from the event log (never the read models), in log order
 * and constant memory (the last hashes of at most `keptHeads` streams): every event
 * of each seal's range that can hold selected events, in full when selected and as
 * its bare hash otherwise, each seal after its range, then the anchors. `summary`
 * fills in as the records go by.
 */
export async function* evidenceRecords(
  eventStore: EventStore,
  request: EvidenceExportRequest,
  summary: EvidenceSummary,
  options: { readonly keptHeads?: number } = {},
): AsyncGenerator<EvidenceRecord> {
  const keptHeads = options.keptHeads ?? KEPT_HEADS;
  const selected = evidenceSelector(request);
  const seals = (await eventStore.readStream(SEALS_STREAM)).filter(isAuditEvent).flatMap((event) => (event.type === 'LedgerSealed' ? [event.data] : []));
  const anchors = (await eventStore.readStream(ANCHORS_STREAM)).filter(isAuditEvent).flatMap((event) => (event.type === 'AuditAnchored' ? [event.data] : []));

  // Seals sealed before the range starts hold no event recorded inside it.
  const fromTime = dateRangeBounds(request.dateRange).from;
  let sealIndex = seals.findIndex((seal) => Date.parse(seal.sealedAt) >= fromTime);
  if (sealIndex < 0) sealIndex = seals.length;
  const startSeal = seals[sealIndex];
  let after: Position = startSeal?.fromPosition ? parsePosition(startSeal.fromPosition) : sealIndex === 0 ? START : parsePosition(seals.at(-1)!.toPosition);

  // Each kept stream's last hash, the stream seen longest ago first (a Map keeps insertion order).
  const lastHash = new Map<string, string>();
  const remember = (streamId: string, hash: string): void => {
    lastHash.delete(streamId);
    lastHash.set(streamId, hash);
    if (lastHash.size > keptHeads) lastHash.delete(lastHash.keys().next().value!);
  };
  const previousHash = async (event: RecordedEvent): Promise<string> => {
    if (event.streamVersion === 0n) return '';
    const known = lastHash.get(event.streamId);
    if (known !== undefined) return known;
    // The range starts mid-stream, or the stream was let go: its predecessor from the store.
    const version = event.streamVersion - 1n;
    const found = eventStore.readStreamVersions
      ? await eventStore.readStreamVersions(event.streamId, [version])
      : await eventStore.readStream(event.streamId, { afterVersion: version - 1n });
    return found.find((earlier) => earlier.streamVersion === version)?.hash ?? '';
  };

  // The next page is read while this one is written out, so the database and this process work at once.
  let next = eventStore.readAll({ after, limit: PAGE });
  let sealEnd = sealIndex < seals.length ? parsePosition(seals[sealIndex]!.toPosition) : undefined;
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    after = page.at(-1)!.position;
    next = eventStore.readAll({ after, limit: PAGE });
    // A failed read ahead surfaces when awaited; until then it must not count as unhandled.
    next.catch(() => undefined);
    for (const event of page) {
      // Close every seal whose range ends before this event.
      while (sealEnd && comparePositions(event.position, sealEnd) > 0) {
        const seal = seals[sealIndex]!;
        yield { seal };
        summary.seals += 1;
        summary.sealNumbers.push(seal.sealNumber);
        sealIndex += 1;
        sealEnd = sealIndex < seals.length ? parsePosition(seals[sealIndex]!.toPosition) : undefined;
      }
      const sealNumber = seals[sealIndex]?.sealNumber ?? null;
      if (sealNumber === null) summary.unsealedEvents += 1;
      if (selected(event)) {
        const prevHash = await previousHash(event);
        yield {
          event: {
            streamId: event.streamId,
            streamVersion: event.streamVersion.toString(),
            eventId: event.eventId,
            type: event.type,
            position: formatPosition(event.position),
            data: event.data,
            metadata: event.metadata,
            hash: event.hash,
            prevHash,
            sealNumber,
          },
        };
        summary.events += 1;
        summary.byType[event.type] = (summary.byType[event.type] ?? 0) + 1;
        summary.firstRecordedAt ??= event.metadata.recordedAt;
        summary.lastRecordedAt = event.metadata.recordedAt;
      } else {
        yield { leaf: event.hash, position: formatPosition(event.position) };
        summary.leaves += 1;
      }
      remember(event.streamId, event.hash);
    }
  }
  for (let seal = seals[sealIndex]; seal; seal = seals[++sealIndex]) {
    yield { seal };
    summary.seals += 1;
    summary.sealNumbers.push(seal.sealNumber);
  }
  for (const anchor of anchors) {
    if (!summary.sealNumbers.includes(anchor.sealNumber)) continue;
    yield { anchor };
    summary.anchors.push(anchor);
  }
}

export function emptySummary(): EvidenceSummary {
  return { events: 0, leaves: 0, seals: 0, unsealedEvents: 0, byType: {}, firstRecordedAt: null, lastRecordedAt: null, sealNumbers: [], anchors: [] };
}
