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

/**
 * The batch's market events after `afterVersion`, in stream order, a chunk at a time: the versions the
 * credit-batch-events projection indexed for the batch, then the stream's tail past what it indexed.
 * Undefined where the index cannot answer (a store without a read by stream version, a market the
 * projection has not reached), and a chunk undefined where the index names an event the store does
 * not hold: the caller reads the whole history instead.
 */
export async function batchMarketEventsAfter(
  db: ReadModels,
  eventStore: EventStore,
  streamId: string,
  tokenId: string,
): Promise<((afterVersion: bigint, count: number) => Promise<RecordedEvent[] | undefined>) | undefined> {
  const readVersions = eventStore.readStreamVersions?.bind(eventStore);
  if (!readVersions) return undefined;
  const reach = await db.selectFrom('credit_market_indexed').select('stream_version').where('stream_id', '=', streamId).executeTakeFirst();
  if (!reach) return undefined;
  const indexed = BigInt(reach.stream_version);
  return async (afterVersion, count) => {
    if (afterVersion < indexed) {
      const rows = await db
        .selectFrom('credit_batch_events')
        .select(sql<string>`stream_version::text`.as('version'))
        .where('token_id', '=', tokenId)
        .where('stream_version', '>', afterVersion.toString())
        .where('stream_version', '<=', indexed.toString())
        .orderBy('stream_version')
        .limit(count)
        .execute();
      if (rows.length > 0) {
        const versions = rows.map((row) => BigInt(row.version));
        const events = await readVersions(streamId, versions);
        // An index that names an event the store does not hold (a log restored from elsewhere): undefined.
        return events.length === versions.length ? events : undefined;
      }
    }
    // Past what the projection indexed: the stream itself (every event of it, a chunk at a time).
    const tail = await eventStore.readStream(streamId, { afterVersion: afterVersion > indexed ? afterVersion : indexed });
    return tail.slice(0, count);
  };
}
