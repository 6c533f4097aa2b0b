import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A decider's state at one version of its stream, encoded (see StateCodec). */
export interface StreamSnapshot {
  /** The state's encoding: a snapshot of another schema is not used. */
  readonly schema: string;
  readonly streamVersion: bigint;
  /** Hex chain hash of the event at `streamVersion`: the history the state folds. */
  readonly eventHash: string;
  readonly state: Buffer;
}

/** Where snapshots are kept. A cache: losing one costs a full fold, never a wrong state. */
export interface SnapshotStore {
  /** The newest snapshot of the stream; undefined when there is none or its bytes are damaged. */
  load(streamId: string): Promise<StreamSnapshot | undefined>;
  /** Keeps the snapshot unless a newer one of the same schema is kept already (several instances write). */
  save(streamId: string, snapshot: StreamSnapshot): Promise<void>;
}

interface SnapshotRow {
  schema: string;
  stream_version: string;
  event_hash: string;
  /** Base64: a bytea comes as hex text, twice its size, and decoding that took twice as long. */
  state: string;
  state_sha256: Buffer;
}

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Snapshots in PostgreSQL (`stream_snapshots`, migration 2026_11_26_600000), one row per stream. */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async load(streamId: string): Promise<StreamSnapshot | undefined> {
    const result = await this.pool.query<SnapshotRow>({
      name: 'load_stream_snapshot',
      text: `select schema, stream_version, event_hash, encode(state, 'base64') as state, state_sha256 from stream_snapshots where stream_id = $1`,
      values: [streamId],
    });
    const row = result.rows[0];
    if (!row) return undefined;
    // PostgreSQL breaks base64 into lines; Node's decoder skips the line breaks.
    const state = Buffer.from(row.state, 'base64');
    if (!sha256(state).equals(row.state_sha256)) return undefined;
    return { schema: row.schema, streamVersion: BigInt(row.stream_version), eventHash: row.event_hash, state };
  }

  async save(streamId: string, snapshot: StreamSnapshot): Promise<void> {
    await this.pool.query({
      name: 'save_stream_snapshot',
      text: `insert into stream_snapshots (stream_id, schema, stream_version, event_hash, state, state_sha256)
             values ($1, $2, $3, $4, $5, $6)
             on conflict (stream_id) do update
               set schema = excluded.schema, stream_version = excluded.stream_version, event_hash = excluded.event_hash,
                   state = excluded.state, state_sha256 = excluded.state_sha256, taken_at = now()
             where stream_snapshots.schema <> excluded.schema or stream_snapshots.stream_version < excluded.stream_version`,
      values: [streamId, snapshot.schema, snapshot.streamVersion.toString(), snapshot.eventHash, snapshot.state, sha256(snapshot.state)],
    });
  }
}
