import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { dumbo, type Dumbo, sql } from '@event-driven-io/dumbo';
import { appendToStream as emmettAppend, getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { STREAM_DOES_NOT_EXIST } from '@event-driven-io/emmett';
import { chainContentTexts, type EventToAppend, type Position, START, WrongExpectedVersion } from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPool, PostgresEventStore, runMigrations } from '@carbon-ledger/ledger-service/bench';
import { makeEvent } from './bench-events.js';
import { inTransaction } from './pg-transaction.js';

/** One event as every store gets it: same id, type, data and metadata bytes. */
export interface PeerEvent {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventToAppend['metadata'];
}

/** Stream versions are 0-based everywhere here; -1 is "no stream yet". */
export type AppendAnswer = { readonly ok: true; readonly version: bigint } | { readonly ok: false; readonly actual: bigint };

/** One event a reader delivered, with what the exactly-once check compares. */
export interface DeliveredEvent {
  readonly id: string;
  readonly stream: string;
  readonly version: bigint;
}

/** A log reader that resumes after the last event it delivered, the way the store's own consumers read. */
export interface LogReader {
  next(batchSize: number): Promise<readonly DeliveredEvent[]>;
}

export interface PeerStore {
  readonly name: string;
  /** Whether a refused expectation names the actual version (otherwise the caller reads it). */
  readonly conflictNamesVersion: boolean;
  append(stream: string, events: readonly PeerEvent[], expected: bigint): Promise<AppendAnswer>;
  /** The stream's version as a caller that lost a race must read it before deciding again. */
  streamVersion(stream: string): Promise<bigint>;
  /** Appends inside a transaction that stays open `holdMs` before it commits (a slow writer). */
  appendHeld(stream: string, events: readonly PeerEvent[], expected: bigint, holdMs: number): Promise<void>;
  reader(): LogReader;
  close(): Promise<void>;
}

/** bench:events' event, so every store gets the same bytes as the project's own benches. */
export function peerEvent(): PeerEvent {
  const event = makeEvent();
  return { id: event.eventId, type: event.type, data: event.data as Record<string, unknown>, metadata: event.metadata };
}

/** Runs `work` in a transaction that stays open `holdMs` after it before committing (a slow writer). */
async function inHeldTransaction(pool: pg.Pool, holdMs: number, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  await inTransaction(pool, async (client) => {
    await work(client);
    await delay(holdMs);
  });
}

function toAppend(event: PeerEvent): EventToAppend {
  return { eventId: event.id, type: event.type, data: event.data, metadata: event.metadata };
}

/** JSON with JSON.parse and every other column as its text, whatever pg's process-wide parsers are. */
const PINNED_TYPES = {
  getTypeParser: ((oid: number) => (oid === 114 ? JSON.parse : (value: string) => value)) as typeof pg.types.getTypeParser,
};

/** The project's store, as the service uses it. */
export class OurStore implements PeerStore {
  readonly name = 'ours';
  readonly conflictNamesVersion = true;
  private readonly store: PostgresEventStore;

  private constructor(
    private readonly pool: pg.Pool,
    connectionString: string,
  ) {
    this.store = new PostgresEventStore(pool, { connectionString });
  }

  static async open(connectionString: string, connections: number): Promise<OurStore> {
    const pool = createPool(connectionString, connections);
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: createPool(connectionString, 1) }) });
    try {
      await runMigrations(db, { eventStore: true });
    } finally {
      await db.destroy();
    }
    return new OurStore(pool, connectionString);
  }

  async append(stream: string, events: readonly PeerEvent[], expected: bigint): Promise<AppendAnswer> {
    try {
      const result = await this.store.appendToStream(stream, events.map(toAppend), {
        expected: expected < 0n ? 'no_stream' : expected,
      });
      return { ok: true, version: result.nextExpectedVersion };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      return { ok: false, actual: error.actual === 'no_stream' ? -1n : error.actual };
    }
  }

  async streamVersion(stream: string): Promise<bigint> {
    const result = await this.pool.query<{ version: string | null }>('select max(stream_version)::text as version from events where stream_id = $1', [stream]);
    return BigInt(result.rows[0]?.version ?? '-1');
  }

  async appendHeld(stream: string, events: readonly PeerEvent[], expected: bigint, holdMs: number): Promise<void> {
    // The store's own SQL function, inside a transaction the bench keeps open.
    const texts = events.map((event) => chainContentTexts({ streamId: stream, ...toAppend(event) }));
    await inHeldTransaction(this.pool, holdMs, (client) =>
      client.query('select * from append_to_stream($1, $2, $3::uuid[], $4::text[], $5, $6, $7)', [
        stream,
        (expected < 0n ? -2n : expected).toString(),
        events.map((event) => event.id),
        events.map((event) => event.type),
        texts.map((text) => text.data).join('\n'),
        texts.map((text) => text.metadata).join('\n'),
        texts.map((text) => text.content).join('\n'),
      ]),
    );
  }

  reader(): LogReader {
    let after: Position = START;
    return {
      next: async (batchSize) => {
        const events = await this.store.readAll({ after, limit: batchSize });
        const last = events.at(-1);
        if (last) after = last.position;
        return events.map((event) => ({ id: event.eventId, stream: event.streamId, version: event.streamVersion }));
      },
    };
  }

  async close(): Promise<void> {
    await this.store.close();
    await this.pool.end();
  }
}

/** Emmett's PostgreSQL event store (0.42): its append function and its consumers' batch reader. */
export class EmmettStore implements PeerStore {
  readonly name = 'Emmett';
  readonly conflictNamesVersion = false;

  private constructor(private readonly pool: Dumbo) {}

  static async open(connectionString: string, connections: number): Promise<EmmettStore> {
    const store = getPostgreSQLEventStore(connectionString);
    await store.schema.migrate();
    await store.close();
    // A plain pg.Pool of the same size as the others get (Emmett's own default is 10).
    return new EmmettStore(dumbo({ connectionString, pooled: true, pool: new pg.Pool({ connectionString, max: connections }) }));
  }

  /** Emmett counts stream positions from 1; here versions count from 0. */
  private expectation(expected: bigint): bigint | typeof STREAM_DOES_NOT_EXIST {
    return expected < 0n ? STREAM_DOES_NOT_EXIST : expected + 1n;
  }

  private messages(events: readonly PeerEvent[]): { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[] {
    return events.map((event) => ({ type: event.type, data: event.data, metadata: { ...event.metadata, messageId: event.id } }));
  }

  async append(stream: string, events: readonly PeerEvent[], expected: bigint): Promise<AppendAnswer> {
    const result = await emmettAppend(this.pool, stream, 'bench', this.messages(events), {
      expectedStreamVersion: this.expectation(expected),
    });
    if (result.success) return { ok: true, version: result.nextStreamPosition - 1n };
    // Emmett answers a refused expectation without the stream's version.
    return { ok: false, actual: -1n };
  }

  async streamVersion(stream: string): Promise<bigint> {
    const rows = await this.pool.execute.query<{ position: string | null }>(
      sql('select max(stream_position)::text as position from emt_streams where stream_id = %L', stream),
    );
    const position = rows.rows[0]?.position;
    return position ? BigInt(position) - 1n : -1n;
  }

  async appendHeld(stream: string, events: readonly PeerEvent[], expected: bigint, holdMs: number): Promise<void> {
    const result = await emmettAppend(this.pool, stream, 'bench', this.messages(events), {
      expectedStreamVersion: this.expectation(expected),
      beforeCommitHook: async () => {
        await delay(holdMs);
      },
    });
    if (!result.success) throw new Error(`held append to ${stream} refused`);
  }

  reader(): LogReader {
    let after = 0n;
    return {
      next: async (batchSize) => {
        const batch = await readMessagesBatch(this.pool.execute, { after, batchSize });
        after = batch.currentGlobalPosition;
        return batch.messages.map((message) => {
          const metadata = message.metadata as { messageId: string; streamName: string; streamPosition: bigint };
          return { id: metadata.messageId, stream: metadata.streamName, version: metadata.streamPosition - 1n };
        });
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}

const MESSAGE_DB_FILES = [
  'schema/message-store.sql',
  'extensions/pgcrypto.sql',
  'tables/messages.sql',
  'types/message.sql',
  'functions/message-store-version.sql',
  'functions/hash-64.sql',
  'functions/acquire-lock.sql',
  'functions/category.sql',
  'functions/is-category.sql',
  'functions/id.sql',
  'functions/cardinal-id.sql',
  'functions/stream-version.sql',
  'functions/write-message.sql',
  'functions/get-stream-messages.sql',
  'functions/get-category-messages.sql',
  'functions/get-last-stream-message.sql',
  'indexes/messages-id.sql',
  'indexes/messages-stream.sql',
  'indexes/messages-category.sql',
];

/** Message DB 1.3: write_message per event in one statement, get_category_messages to read. */
export class MessageDbStore implements PeerStore {
  readonly name = 'Message DB';
  readonly conflictNamesVersion = true;

  private constructor(private readonly pool: pg.Pool) {}

  static async open(connectionString: string, connections: number): Promise<MessageDbStore> {
    const database = join(dirname(createRequire(import.meta.url).resolve('@eventide/message-db/package.json')), 'database');
    const pool = createPool(connectionString, connections);
    // Its install script runs these files with psql, in this order.
    for (const file of MESSAGE_DB_FILES) await pool.query(readFileSync(join(database, file), 'utf8'));
    await pool.query(`alter database ${pgIdentifier(await currentDatabase(pool))} set search_path = message_store, public`);
    await pool.end();
    return new MessageDbStore(createPool(connectionString, connections));
  }

  private write(
    client: pg.Pool | pg.PoolClient,
    stream: string,
    events: readonly PeerEvent[],
    expected: bigint,
  ): Promise<pg.QueryResult<{ position: string }>> {
    // The first write carries the expectation; the rest follow it in the same statement, in order.
    return client.query({
      name: 'mdb_write',
      text: `select write_message(m.id, $1, m.type, m.data, m.metadata, case when m.n = 1 then $2::bigint end)::text as position
               from unnest($3::text[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality as m(id, type, data, metadata, n)
              order by m.n`,
      values: [
        stream,
        expected.toString(),
        events.map((event) => event.id),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata)),
      ],
    });
  }

  async append(stream: string, events: readonly PeerEvent[], expected: bigint): Promise<AppendAnswer> {
    try {
      const result = await this.write(this.pool, stream, events, expected);
      return { ok: true, version: BigInt(result.rows.at(-1)?.position ?? '-1') };
    } catch (error) {
      const match = error instanceof pg.DatabaseError ? /Stream Version: (-?\d+)\)/.exec(error.message) : null;
      if (!match?.[1]) throw error;
      return { ok: false, actual: BigInt(match[1]) };
    }
  }

  async streamVersion(stream: string): Promise<bigint> {
    const result = await this.pool.query<{ version: string | null }>('select stream_version($1)::text as version', [stream]);
    return BigInt(result.rows[0]?.version ?? '-1');
  }

  async appendHeld(stream: string, events: readonly PeerEvent[], expected: bigint, holdMs: number): Promise<void> {
    await inHeldTransaction(this.pool, holdMs, (client) => this.write(client, stream, events, expected));
  }

  reader(): LogReader {
    let position = 1n;
    return {
      next: async (batchSize) => {
        // Whole messages, data and metadata parsed, as every store's reader delivers them.
        const result = await this.pool.query<{ id: string; stream_name: string; position: string; global_position: string; data: string; metadata: string }>({
          name: 'mdb_read',
          text: 'select id, stream_name, type, position, global_position, data, metadata, time from get_category_messages($1, $2, $3)',
          values: [STREAM_CATEGORY, position.toString(), batchSize],
        });
        const last = result.rows.at(-1);
        if (last) position = BigInt(last.global_position) + 1n;
        return result.rows.map((row) => {
          JSON.parse(row.data);
          JSON.parse(row.metadata);
          return { id: row.id, stream: row.stream_name, version: BigInt(row.position) };
        });
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The ceiling: the bare event row, the same columns (json, as ours), bytes and indexes as
 * ours, written by a plain INSERT with no hash chain, no version check and no idempotency.
 */
export class RawEventRow implements PeerStore {
  readonly name = 'raw event row';
  readonly conflictNamesVersion = true;

  private constructor(private readonly pool: pg.Pool) {}

  static async open(connectionString: string, connections: number): Promise<RawEventRow> {
    const store = await OurStore.open(connectionString, 1);
    await store.close();
    const pool = createPool(connectionString, connections);
    await pool.query('create table raw_events (like events including all)');
    return new RawEventRow(pool);
  }

  async append(stream: string, events: readonly PeerEvent[], expected: bigint): Promise<AppendAnswer> {
    const first = expected + 1n;
    await this.pool.query({
      name: 'raw_insert',
      text: `insert into raw_events (stream_id, stream_version, event_id, type, data, metadata, hash)
             select $1, $2::bigint + n - 1, id, type, data, metadata, hash
               from unnest($3::uuid[], $4::text[], $5::json[], $6::json[], $7::bytea[]) with ordinality as r(id, type, data, metadata, hash, n)`,
      values: [
        stream,
        first.toString(),
        events.map((event) => event.id),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata)),
        events.map((event) => createHash('sha256').update(event.id).digest()),
      ],
    });
    return { ok: true, version: first + BigInt(events.length) - 1n };
  }

  streamVersion(): Promise<bigint> {
    return Promise.reject(new Error('the raw row keeps no versions'));
  }

  appendHeld(): Promise<void> {
    return Promise.reject(new Error('the raw row is not read by consumers'));
  }

  /** The whole rows in the key's order (ours without the horizon), data and metadata parsed. */
  reader(): LogReader {
    let after: [string, string] = ['0', '0'];
    return {
      next: async (batchSize) => {
        const result = await this.pool.query<{
          event_id: string;
          stream_id: string;
          stream_version: string;
          transaction_id: string;
          global_position: string;
          data: unknown;
          metadata: unknown;
        }>({
          name: 'raw_read',
          // Parsed as ours is (its parsers are pinned): the Emmett store loaded in the same process sets pg's global ones.
          types: PINNED_TYPES,
          text: `select event_id, stream_id, stream_version, transaction_id, global_position, type, data, metadata, hash, recorded_at from raw_events
                  where (transaction_id, global_position) > ($1::xid8, $2::bigint) order by transaction_id, global_position limit $3`,
          values: [after[0], after[1], batchSize],
        });
        const last = result.rows.at(-1);
        if (last) after = [last.transaction_id, last.global_position];
        return result.rows.map((row) => ({ id: row.event_id, stream: row.stream_id, version: BigInt(row.stream_version) }));
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Streams are `bench-<id>`: one Message DB category, so its category reader sees the whole log. */
export const STREAM_CATEGORY = 'bench';

export function streamName(): string {
  return `${STREAM_CATEGORY}-${randomUUID().replaceAll('-', '')}`;
}

function pgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function currentDatabase(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ name: string }>('select current_database() as name');
  return result.rows[0]?.name ?? 'postgres';
}
