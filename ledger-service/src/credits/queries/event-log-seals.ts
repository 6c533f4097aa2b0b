import {
  ANCHORS_STREAM,
  comparePositions,
  type CoveringSeal,
  type EventStore,
  isAuditEvent,
  type LedgerSealedData,
  parsePosition,
  type Position,
  type ProvenanceEntry,
  SEALS_STREAM,
  START,
} from '@carbon-ledger/contracts';

/** Finds the seal covering a log position: the one whose (fromPosition, toPosition] holds it. */
export type SealLookup = (position: Position) => CoveringSeal | null;

/** Reads the audit seals and their XRPL anchors from the event log (never from another capability). */
export async function readSeals(eventStore: EventStore): Promise<SealLookup> {
  const [sealEvents, anchorEvents] = await Promise.all([eventStore.readStream(SEALS_STREAM), eventStore.readStream(ANCHORS_STREAM)]);
  const anchors = new Map<number, string>();
  for (const event of anchorEvents.filter(isAuditEvent)) {
    if (event.type === 'AuditAnchored') anchors.set(event.data.sealNumber, event.data.txHash);
  }
  const seals = sealEvents
    .filter(isAuditEvent)
    .flatMap((event): LedgerSealedData[] => (event.type === 'LedgerSealed' ? [event.data] : []))
    .map((seal) => ({ seal, from: seal.fromPosition ? parsePosition(seal.fromPosition) : START, to: parsePosition(seal.toPosition) }));
  return (position) => {
    // Seals are chained in log order; a binary search keeps a long provenance cheap.
    let low = 0;
    let high = seals.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = seals[middle]!;
      if (comparePositions(position, candidate.to) > 0) low = middle + 1;
      else if (comparePositions(position, candidate.from) <= 0) high = middle - 1;
      else {
        const { seal } = candidate;
        return {
          sealNumber: seal.sealNumber,
          fromPosition: seal.fromPosition,
          toPosition: seal.toPosition,
          merkleRoot: seal.merkleRoot,
          sealHash: seal.sealHash,
          sealedAt: seal.sealedAt,
          anchorTxHash: anchors.get(seal.sealNumber) ?? null,
        };
      }
    }
    return null;
  };
}

/** A covering seal as a provenance entry shows it. */
export function provenanceSeal(seal: CoveringSeal | null): ProvenanceEntry['seal'] {
  if (!seal) return null;
  return { sealId: `seal-${seal.sealNumber}`, merkleRoot: seal.merkleRoot, sealedAt: seal.sealedAt, anchorTxHash: seal.anchorTxHash };
}
