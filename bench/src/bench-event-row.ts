/**
 * `npm run bench:event-row`: what the event row itself costs PostgreSQL, without the
 * store's client work. On a fresh embedded server, 8 writers insert 100 rows per
 * transaction, values generated ahead of each insert, into:
 *
 * - the raw row of bench:events (bigserial key, stream id, data as jsonb);
 * - the events table as stored, through append_known_heads (the PL/pgSQL function the store's
 *   batch path called until 2026-11-26) and through the store's INSERT_KNOWN_HEADS statement
 *   (what it sends now), with the hashes computed by the caller and no canonical JSON;
 * - copies of the events table through a plain multi-row INSERT: as stored; without the
 *   event-id key; with the event id unique on each append's first event only; and that
 *   with metadata that does not repeat the command id as correlation and causation id.
 *
 * The copies are what-ifs for bench:events' 100-event target (>= 0.5 of the raw row): they
 * measure what a schema change would buy; the product's table is the first of them.
 * Prints rows/s and the ratio to the raw row of the same round, WAL bytes per row, the
 * cores left idle and what the backends waited on (sampled from pg_stat_activity).
 *
 * Env: BENCH_SECONDS (window per figure, default 5), BENCH_ROUNDS (2).
 */
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { formatInt, formatRatio, loadAverage, machineCpuTimes, machineSummary, renderTable, round, runBench } from '@carbon-ledger/bench-kit';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPool, freePort, INSERT_KNOWN_HEADS, runMigrations, startEmbeddedPostgres } from '@carbon-ledger/ledger-service/bench';
import { eventData } from './bench-events.js';

const WRITERS = 8;
const ROWS = 100;
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const STORE_STATEMENT = "events via the store's known-heads INSERT";
const EVENT_ROW = 'events as stored, plain INSERT';
const COLUMNS = ['stream_id', 'stream_version', 'event_id', 'type', 'data', 'metadata', 'hash'];

interface Writer {
  readonly stream: string;
  version: number;
}

interface Figure {
  readonly name: string;
  readonly insert: (client: pg.Client, writer: Writer) => Promise<void>;
}

interface Measured {
  readonly rowsPerSecond: number;
  readonly walBytesPerRow: number;
  readonly idleCores: number;
  readonly waits: string;
}

/** The event data of bench:events' appends and raw rows, as text. */
function eventText(): string {
  return JSON.stringify(eventData());
}

/** Metadata as commands write it: the command id repeated as correlation and causation id, or not. */
function metadata(repeatIds: boolean): string {
  const commandId = randomUUID();
  const ids = repeatIds ? { causationId: commandId, commandId, correlationId: commandId } : { commandId };
  return JSON.stringify({ actor: { role: 'trader', userId: 'user-bench-0001' }, ...ids, recordedAt: new Date().toISOString(), schemaVersion: 1 });
}

function hash(): Buffer {
  return createHash('sha256').update(randomUUID()).digest();
}

function placeholders(rows: number, columns: number, extra: (row: number) => string = () => ''): string {
  return Array.from({ length: rows }, (_, row) => {
    const cells = Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`);
    return `(${cells.join(', ')}${extra(row)})`;
  }).join(', ');
}

function eventRows(writer: Writer, repeatIds: boolean): unknown[] {
  const values: unknown[] = [];
  for (let row = 0; row < ROWS; row += 1) {
    values.push(writer.stream, String(writer.version), randomUUID(), 'BenchOrderPlaced', eventText(), metadata(repeatIds), hash());
    writer.version += 1;
  }
  return values;
}

/** The same rows as the store's known-heads statements take them: one newline-joined text per column. */
function eventColumns(writer: Writer): string[] {
  const columns: string[][] = COLUMNS.map(() => []);
  for (let row = 0; row < ROWS; row += 1) {
    const cells = [writer.stream, String(writer.version), randomUUID(), 'BenchOrderPlaced', eventText(), metadata(true), hash().toString('hex')];
    cells.forEach((cell, column) => columns[column]?.push(cell));
    writer.version += 1;
  }
  return columns.map((column) => column.join('\n'));
}

function figures(): Figure[] {
  const rawText = `insert into bench_raw_rows (stream_id, data) values ${placeholders(ROWS, 2)}`;
  const plain = (table: string): string =>
    `insert into ${table} (${COLUMNS.join(', ')}) values ${placeholders(ROWS, COLUMNS.length)} returning global_position`;
  const firstKeyed = `insert into events_first_id_key (${COLUMNS.join(', ')}, opens_append) values ${placeholders(
    ROWS,
    COLUMNS.length,
    (row) => `, ${row === 0 ? 'true' : 'false'}`,
  )} returning global_position`;
  return [
    {
      name: 'raw row (bench:events)',
      insert: async (client, writer) => {
        const values: string[] = [];
        for (let row = 0; row < ROWS; row += 1) values.push(writer.stream, eventText());
        await client.query({ name: 'raw', text: rawText, values });
      },
    },
    {
      name: 'events via append_known_heads',
      insert: async (client, writer) => {
        await client.query({ name: 'known_heads', text: 'select * from append_known_heads($1, $2, $3, $4, $5, $6, $7)', values: eventColumns(writer) });
      },
    },
    {
      name: STORE_STATEMENT,
      insert: async (client, writer) => {
        await client.query({ name: 'insert_known_heads', text: INSERT_KNOWN_HEADS, values: eventColumns(writer) });
      },
    },
    {
      name: EVENT_ROW,
      insert: async (client, writer) => {
        await client.query({ name: 'stored', text: plain('events_as_stored'), values: eventRows(writer, true) });
      },
    },
    {
      name: '  without the event-id key',
      insert: async (client, writer) => {
        await client.query({ name: 'no_id_key', text: plain('events_no_id_key'), values: eventRows(writer, true) });
      },
    },
    {
      name: '  event id unique per append only',
      insert: async (client, writer) => {
        await client.query({ name: 'first_id_key', text: firstKeyed, values: eventRows(writer, true) });
      },
    },
    {
      name: '  that, metadata without repeated ids',
      insert: async (client, writer) => {
        await client.query({ name: 'first_id_key', text: firstKeyed, values: eventRows(writer, false) });
      },
    },
  ];
}

class EventRowBench {
  private readonly cleanups: (() => Promise<void>)[] = [];
  private connectionString = '';
  private admin!: pg.Client;

  async start(): Promise<string> {
    const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-event-row-'));
    this.cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    chmodSync(dataDir, 0o755); // As root, PostgreSQL runs as `postgres`, which must reach it.
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'bench_event_row', log: (line) => console.error(line) });
    this.cleanups.push(() => server.stop());
    this.connectionString = server.connectionString;
    const pool = createPool(this.connectionString, 2);
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      await runMigrations(db, { eventStore: true });
    } finally {
      await db.destroy();
    }
    this.admin = new pg.Client({ connectionString: this.connectionString });
    await this.admin.connect();
    const admin = this.admin;
    this.cleanups.push(() => admin.end());
    for (const statement of [
      'create table bench_raw_rows (id bigserial primary key, stream_id text not null, data jsonb not null)',
      'create table events_as_stored (like events including all)',
      'create table events_no_id_key (like events including all)',
      'alter table events_no_id_key drop constraint events_no_id_key_event_id_key',
      'create table events_first_id_key (like events including all)',
      'alter table events_first_id_key drop constraint events_first_id_key_event_id_key',
      'alter table events_first_id_key add column opens_append boolean not null default false',
      'create unique index events_first_id_key_event_id on events_first_id_key (event_id) where opens_append',
    ]) {
      await admin.query(statement);
    }
    const version = await admin.query<{ server_version: string }>('show server_version');
    return version.rows[0]?.server_version ?? '?';
  }

  async measure(figure: Figure): Promise<Measured> {
    await this.admin.query('checkpoint');
    const clients = Array.from({ length: WRITERS }, () => new pg.Client({ connectionString: this.connectionString }));
    await Promise.all(clients.map((client) => client.connect()));
    const sampler = new pg.Client({ connectionString: this.connectionString });
    await sampler.connect();
    try {
      const writers: Writer[] = clients.map((_, index) => ({ stream: `${randomUUID().slice(0, 8)}-w${index}`, version: 0 }));
      const lsn = async (): Promise<string> => (await this.admin.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn ?? '0/0';
      const startLsn = await lsn();
      const startCpu = machineCpuTimes();
      const end = performance.now() + SECONDS * 1000;
      let rows = 0;
      let sampling = true;
      let samples = 0;
      const waits = new Map<string, number>();
      const sampled = (async () => {
        while (sampling) {
          const active = await sampler.query<{ wait: string }>(
            `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait from pg_stat_activity
             where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`,
          );
          samples += 1;
          for (const { wait } of active.rows) waits.set(wait, (waits.get(wait) ?? 0) + 1);
          await delay(5);
        }
      })();
      await Promise.all(
        clients.map(async (client, index) => {
          const writer = writers[index];
          if (!writer) return;
          while (performance.now() < end) {
            await figure.insert(client, writer);
            rows += ROWS;
          }
        }),
      );
      sampling = false;
      await sampled;
      const endCpu = machineCpuTimes();
      const wal = await this.admin.query<{ bytes: string }>('select (pg_current_wal_lsn() - $1::pg_lsn)::text as bytes', [startLsn]);
      const top = [...waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([wait, count]) => `${wait} ${(count / Math.max(1, samples)).toFixed(1)}`);
      return {
        rowsPerSecond: rows / SECONDS,
        walBytesPerRow: Number(wal.rows[0]?.bytes ?? 0) / rows,
        idleCores: (os.availableParallelism() * (endCpu.idle - startCpu.idle)) / Math.max(0.01, endCpu.total - startCpu.total),
        waits: top.join(', '),
      };
    } finally {
      await sampler.end();
      await Promise.all(clients.map((client) => client.end()));
    }
  }

  async close(): Promise<void> {
    for (const cleanup of this.cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const bench = new EventRowBench();
  try {
    const version = await bench.start();
    console.log(`bench:event-row  ${new Date().toISOString()}`);
    console.log(`machine: ${machineSummary()}, PostgreSQL ${version} embedded, load ${loadAverage()}`);
    console.log(`${WRITERS} writers x ${ROWS} rows per transaction, ${SECONDS} s per figure, ${ROUNDS} rounds\n`);
    const table: string[][] = [];
    /** Per round: the store's statement against the raw event row with our indexes (the 100-event target: >= 0.9). */
    const storeToEventRow: number[] = [];
    for (let roundNumber = 1; roundNumber <= ROUNDS; roundNumber += 1) {
      let raw = Number.NaN;
      const rates = new Map<string, number>();
      for (const figure of figures()) {
        console.error(`round ${roundNumber}: ${figure.name.trim()}`);
        const measured = await bench.measure(figure);
        if (Number.isNaN(raw)) raw = measured.rowsPerSecond;
        rates.set(figure.name, measured.rowsPerSecond);
        table.push([
          figure.name,
          String(roundNumber),
          formatInt(measured.rowsPerSecond),
          formatRatio(measured.rowsPerSecond / raw),
          formatInt(measured.walBytesPerRow),
          round(measured.idleCores, 2).toFixed(2),
          measured.waits,
        ]);
      }
      storeToEventRow.push((rates.get(STORE_STATEMENT) ?? Number.NaN) / (rates.get(EVENT_ROW) ?? Number.NaN));
    }
    console.log(renderTable(['figure', 'round', 'rows/s', 'ratio', 'WAL B/row', 'idle cores', 'backends waiting on (average)'], table));
    const ratios = storeToEventRow.map((ratio) => formatRatio(ratio)).join(', ');
    const met = storeToEventRow.every((ratio) => ratio >= 0.9);
    console.log(
      `\nthe store's statement / the event row as stored (plain INSERT, our indexes), per round: ${ratios} (target >= 0.9: ${met ? 'pass' : 'MISSED'})`,
    );
  } finally {
    await bench.close();
  }
}

runBench(import.meta.url, 'bench:event-row', main);
