import {
  CREDIT_MARKET_STREAM_PREFIX,
  creditEventTypes,
  isCreditEvent,
  isOrderEvent,
  orderEventTypes,
  type RecordedEvent,
  type SerialRange,
} from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { CreditBatchEventsTable } from '../read-model-database.js';
import { exhaustive, type Projection, type ProjectionWriter, statementChunks } from '../runtime/projection.js';

/** Per batch, the lowest and highest serial of it these ranges hold. */
function spans(ranges: readonly SerialRange[] | undefined): Map<string, BatchSpan> {
  const byBatch = new Map<string, BatchSpan>();
  for (const range of ranges ?? []) {
    const span = byBatch.get(range.batchId);
    byBatch.set(range.batchId, span ? { min: Math.min(span.min, range.start), max: Math.max(span.max, range.end) } : { min: range.start, max: range.end });
  }
  return byBatch;
}

/** The serials of a batch an event names, from the lowest to the highest; null when it names none. */
export type BatchSpan = { readonly min: number; readonly max: number } | null;

/**
 * The batches an event of a market stream touched, with the serials of each it named: those of
 * the serials it moved, reserved or released, the batch it issued (all its serials), the batch
 * whose XRPL settlement it records (no serials). A provenance shows an event of its market only
 * when it touched its batch (and, for one serial, named it or is a settlement).
 */
export function batchesTouched(recorded: RecordedEvent): ReadonlyMap<string, BatchSpan> {
  if (isOrderEvent(recorded)) {
    const event = recorded;
    switch (event.type) {
      case 'OrderPlaced':
        return spans(event.data.reserved);
      case 'OrderCancelled':
        return spans(event.data.released);
      default:
        return exhaustive(event);
    }
  }
  if (!isCreditEvent(recorded)) return new Map();
  const event = recorded;
  switch (event.type) {
    case 'CreditsIssued':
      return new Map([[event.data.batchId, { min: 1, max: event.data.quantity }]]);
    case 'XrplSettlementRecorded':
      return new Map([[event.data.batchId, null]]);
    case 'TradeExecuted':
    case 'CreditsRetired':
    case 'CreditsCancelled':
    case 'CreditsTokenized':
    case 'CreditsRedeemed':
    case 'DirectTradeOffered':
      return spans(event.data.ranges);
    case 'DirectTradeOfferWithdrawn':
      return spans(event.data.released);
    default:
      return exhaustive(event);
  }
}

/**
 * Per batch, the events of its market stream that touched it (by stream version), and per market
 * stream how far they are kept: what a provenance reads instead of the whole market stream.
 */
export const creditBatchEventsProjection: Projection = {
  name: 'credit-batch-events',
  eventTypes: new Set([...creditEventTypes, ...orderEventTypes]),
  // Order and credit events live in the market streams only; the guard keeps the index to them.
  handles: (event) => event.streamId.startsWith(CREDIT_MARKET_STREAM_PREFIX),
  views: [],
  tables: ['credit_batch_events', 'credit_market_indexed'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const rows: Insertable<CreditBatchEventsTable>[] = [];
    const heads = new Map<string, bigint>();
    for (const event of events) {
      if (!event.streamId.startsWith(CREDIT_MARKET_STREAM_PREFIX)) continue;
      for (const [tokenId, span] of batchesTouched(event)) {
        rows.push({
          token_id: tokenId,
          stream_version: event.streamVersion.toString(),
          serial_min: span?.min ?? null,
          serial_max: span?.max ?? null,
        });
      }
      const head = heads.get(event.streamId);
      if (head === undefined || event.streamVersion > head) heads.set(event.streamId, event.streamVersion);
    }
    if (heads.size === 0) return false;
    for (const chunk of statementChunks(rows)) {
      await db
        .insertInto('credit_batch_events')
        .values(chunk)
        .onConflict((conflict) => conflict.columns(['token_id', 'stream_version']).doNothing())
        .execute();
    }
    await db
      .insertInto('credit_market_indexed')
      .values([...heads].map(([streamId, version]) => ({ stream_id: streamId, stream_version: version.toString() })))
      .onConflict((conflict) =>
        conflict.column('stream_id').doUpdateSet((eb) => ({
          stream_version: eb.fn('greatest', [eb.ref('credit_market_indexed.stream_version'), eb.ref('excluded.stream_version')]),
        })),
      )
      .execute();
    return true;
  },
};
