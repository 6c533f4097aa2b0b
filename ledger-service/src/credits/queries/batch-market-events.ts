import type { EventStore, RecordedEvent } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';

/**
 * The events of a market stream that can touch a batch's provenance, in stream order: those the
 * credit-batch-events projection indexed for the batch, then the stream's tail past what it indexed
 * (so the answer is as fresh as the log, however far the projection lags). A store without a read
 * by stream version reads the whole stream, as does a market the projection has not reached yet. With a
 * serial, only the indexed events that name it (or name no serial: settlements) are read.
 */
export async function readBatchMarketEvents(
  db: ReadModels,
  eventStore: EventStore,
  streamId: string,
  tokenId: string,
  serial?: number,
): Promise<RecordedEvent[]> {
  if (!eventStore.readStreamVersions) return eventStore.readStream(streamId);
  // One statement, one snapshot: the indexed events and the version they reach agree.
  const { rows } = await sql<{ indexed: string; version: string | null }>`
    select m.stream_version::text as indexed, e.stream_version::text as version
    from credit_market_indexed m
    left join credit_batch_events e on e.token_id = ${tokenId} and e.stream_version <= m.stream_version
      and (${serial ?? null}::bigint is null or e.serial_min is null or (e.serial_min <= ${serial ?? null}::bigint and ${serial ?? null}::bigint <= e.serial_max))
    where m.stream_id = ${streamId}
    order by e.stream_version`.execute(db);
  const first = rows[0];
  if (!first) return eventStore.readStream(streamId);
  const versions = rows.flatMap((row) => (row.version === null ? [] : [BigInt(row.version)]));
  // A batch in most of its market's events (its stream holds about `indexed` of them): one read of the stream is cheaper than a probe per event.
  if (versions.length * 2 > Number(first.indexed)) return eventStore.readStream(streamId);
  const [indexed, tail] = await Promise.all([
    eventStore.readStreamVersions(streamId, versions),
    eventStore.readStream(streamId, { afterVersion: BigInt(first.indexed) }),
  ]);
  // An index that names an event the store does not hold (a log restored from elsewhere): the whole stream is the answer.
  if (indexed.length !== versions.length) return eventStore.readStream(streamId);
  return [...indexed, ...tail];
}
