/**
 * `npm run bench:events`: throughput and lag of the PostgreSQL event store against
 * the raw INSERT ceiling of the same (fresh, embedded) PostgreSQL server.
 *
 * Phases: raw INSERT ceiling -> appendToStream at the same writer counts ->
 * subscribeAll catch-up over everything written -> projection lag at a paced rate.
 * Prints a table and writes ./.data/bench/bench-events.json.
 *
 * Env: BENCH_SECONDS (window per figure, default 5), BENCH_WARMUP_SECONDS (0.5),
 * BENCH_LAG_SECONDS (15), BENCH_LAG_RATE (1000 events/s), BENCH_LAG_WRITERS (8),
 * BENCH_CATCHUP_BATCH (2000), BENCH_CATCHUP_MIN_EVENTS (200000: the log is topped up with
 * 100-event appends to at least this many events before catch-up), BENCH_STRICT=1 (exit 2
 * when a target is missed).
 * Exit codes: 0 ran, 1 failed, 2 a target missed under BENCH_STRICT.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { CpuUse, LatencySummary, MachineFacts } from '@carbon-ledger/bench-kit';
import {
  benchOutputPath,
  CpuMeter,
  envNumber,
  formatInt,
  formatRatio,
  machineFacts,
  machineFactsAtEnd,
  renderTable,
  round,
  runBench,
  summarize,
  writeFigures,
} from '@carbon-ledger/bench-kit';
import { type AppendResult, comparePositions, type EventStore, type EventToAppend, type ExpectedVersion, type Position, START } from '@carbon-ledger/contracts';
import { type LogFollower, LogFollowerRunner, type ReadModelDatabase } from '@carbon-ledger/projections';
import { Kysely, PostgresDialect, type QueryCreator, sql } from 'kysely';
import pg from 'pg';
import { createPool, createReadModels, freePort, PostgresEventStore, runMigrations, startEmbeddedPostgres } from '@carbon-ledger/ledger-service/bench';

interface BenchConfig {
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly lagSeconds: number;
  readonly lagRate: number;
  readonly lagWriters: number;
  readonly catchUpBatch: number;
  readonly catchUpMinEvents: number;
  readonly strict: boolean;
  readonly outputPath: string;
}

interface Throughput {
  readonly writers: number;
  /** Rows (raw) or events (ours) per second over the measurement window. */
  readonly perSecond: number;
  readonly transactions: number;
  readonly latencyMs: LatencySummary;
  /** Cores used meanwhile by the benchmark, the kernel and other processes (noise). */
  readonly cpu?: CpuUse;
}

interface Comparison extends Throughput {
  readonly raw: number;
  readonly ratio: number;
}

interface CatchUp {
  readonly events: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly batchSize: number;
  readonly batches: number;
  readonly cpu?: CpuUse;
}

interface Lag {
  readonly targetRate: number;
  readonly achievedRate: number;
  readonly writers: number;
  readonly events: number;
  readonly batches: number;
  readonly lagMs: LatencySummary;
  readonly appendMs: LatencySummary;
  readonly cpu?: CpuUse;
}

interface TargetResult {
  readonly name: string;
  readonly measured: number;
  readonly needed: string;
  readonly pass: boolean;
}

/** Tables only the benchmark knows; the projection writes through the read-model writer. */
interface BenchDatabase extends ReadModelDatabase {
  bench_events_seen: {
    event_id: string;
    stream_id: string;
    stream_version: string;
    global_position: string;
  };
}

const RAW_WRITERS = [1, 8, 16] as const;
const RAW_BATCH_WRITERS = [1, 8] as const;
const BATCH = 100;
/** A writer moves to a new stream after this many appends (aggregates have short streams). */
const APPENDS_PER_STREAM = 100;
const BENCH_PROJECTION = 'bench-events-seen';

function readConfig(env: NodeJS.ProcessEnv): BenchConfig {
  const number = (name: string, fallback: number, min: number): number => envNumber(env, name, fallback, min);
  return {
    seconds: number('BENCH_SECONDS', 5, 0.1),
    warmupSeconds: number('BENCH_WARMUP_SECONDS', 0.5, 0),
    lagSeconds: number('BENCH_LAG_SECONDS', 15, 0.1),
    lagRate: number('BENCH_LAG_RATE', 1000, 1),
    lagWriters: Math.round(number('BENCH_LAG_WRITERS', 8, 1)),
    catchUpBatch: Math.round(number('BENCH_CATCHUP_BATCH', 2000, 1)),
    catchUpMinEvents: Math.round(number('BENCH_CATCHUP_MIN_EVENTS', 200_000, 0)),
    strict: env['BENCH_STRICT'] === '1',
    outputPath: benchOutputPath('bench-events.json'),
  };
}

function item<T>(items: readonly T[], index: number): T {
  const value = items[index];
  if (value === undefined) throw new RangeError(`no item ${index}`);
  return value;
}

/** A plausible order event body, so JSON sizes resemble the real log. */
export function eventData(): Record<string, unknown> {
  return {
    orderId: randomUUID(),
    ownerId: 'user-bench-0001',
    side: 'buy',
    amount: 250,
    price: '12.75',
    projectType: 'Reforestation',
    vintage: 2024,
    placedAt: new Date().toISOString(),
  };
}

export function makeEvent(): EventToAppend {
  const commandId = randomUUID();
  return {
    eventId: randomUUID(),
    type: 'BenchOrderPlaced',
    data: eventData(),
    metadata: {
      commandId,
      correlationId: commandId,
      causationId: commandId,
      actor: { userId: 'user-bench-0001', role: 'trader' },
      schemaVersion: 1,
      recordedAt: new Date().toISOString(),
    },
  };
}

/** One writer's streams: tracks the expected version so appends never conflict. */
class WriterStreams {
  private serial = 0;
  private appends = 0;
  private expected: ExpectedVersion = 'no_stream';

  constructor(private readonly prefix: string) {}

  async append(store: EventStore, events: readonly EventToAppend[]): Promise<AppendResult> {
    if (this.appends === APPENDS_PER_STREAM) {
      this.serial += 1;
      this.appends = 0;
      this.expected = 'no_stream';
    }
    const result = await store.appendToStream(`${this.prefix}-${this.serial}`, events, { expected: this.expected });
    this.expected = result.nextExpectedVersion;
    this.appends += 1;
    return result;
  }
}

/**
 * Runs `writers` closed loops for warm-up + window; counts rows of transactions
 * that finish inside the window.
 */
async function measureWriters(writers: number, config: BenchConfig, meter: CpuMeter, transaction: (writer: number) => Promise<number>): Promise<Throughput> {
  const windowStart = performance.now() + config.warmupSeconds * 1000;
  const end = windowStart + config.seconds * 1000;
  let rows = 0;
  const latencies: number[] = [];
  let stopMeter: (() => CpuUse | undefined) | undefined;
  const meterStart = setTimeout(() => {
    stopMeter = meter.start();
  }, config.warmupSeconds * 1000);
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < end) {
        const started = performance.now();
        const count = await transaction(writer);
        const finished = performance.now();
        if (finished >= windowStart && finished <= end) {
          rows += count;
          latencies.push(finished - started);
        }
      }
    }),
  ).finally(() => clearTimeout(meterStart));
  const cpu = stopMeter?.();
  return {
    writers,
    perSecond: round(rows / config.seconds),
    transactions: latencies.length,
    latencyMs: summarize(latencies),
    ...(cpu ? { cpu } : {}),
  };
}

class Bench {
  private readonly cleanups: (() => Promise<void>)[] = [];
  private admin: pg.Client | undefined;
  private connectionString = '';
  private cpuMeter: CpuMeter | undefined;

  constructor(private readonly config: BenchConfig) {}

  onCleanup(cleanup: () => Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  async cleanup(): Promise<void> {
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
    }
  }

  private get adminClient(): pg.Client {
    if (!this.admin) throw new Error('server not started');
    return this.admin;
  }

  private get meter(): CpuMeter {
    if (!this.cpuMeter) throw new Error('server not started');
    return this.cpuMeter;
  }

  async startServer(): Promise<void> {
    const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-events-'));
    this.onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
    // As root, PostgreSQL runs as the `postgres` user, which must reach its data directory.
    chmodSync(dataDir, 0o755);
    const server = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'bench_events',
      log: (line) => console.error(line),
    });
    this.onCleanup(() => server.stop());
    this.connectionString = server.connectionString;
    this.cpuMeter = new CpuMeter(join(dataDir, 'postgres'));

    const pool = createPool(this.connectionString, 2);
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    try {
      await runMigrations(db, { eventStore: true });
      await sql`create table bench_raw_rows (id bigserial primary key, stream_id text not null, data jsonb not null)`.execute(db);
      await sql`
        create table bench_events_seen (
          event_id uuid primary key,
          stream_id text not null,
          stream_version bigint not null,
          global_position bigint not null,
          projected_at timestamptz not null default clock_timestamp()
        )`.execute(db);
    } finally {
      await db.destroy();
    }
    this.admin = new pg.Client({ connectionString: this.connectionString });
    await this.admin.connect();
    const admin = this.admin;
    this.onCleanup(() => admin.end());
  }

  async serverFacts(): Promise<Record<string, string>> {
    const result = await this.adminClient.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from unnest(array[
         'server_version', 'fsync', 'synchronous_commit', 'wal_sync_method', 'shared_buffers',
         'max_wal_size', 'commit_delay']) as name`,
    );
    return Object.fromEntries(result.rows.map((row) => [row.name, row.setting]));
  }

  /**
   * Starts each figure from a clean state, so one phase does not bill the next: the raw
   * rows are emptied (else autovacuum works through the last phase's hundreds of thousands
   * of rows during the next figure, competing for the disk the commits flush to), then a
   * checkpoint flushes what is dirty.
   */
  private async settle(): Promise<void> {
    await this.adminClient.query('truncate bench_raw_rows');
    await this.adminClient.query('checkpoint');
  }

  private async clients(count: number): Promise<pg.Client[]> {
    const clients = Array.from({ length: count }, () => new pg.Client({ connectionString: this.connectionString }));
    await Promise.all(clients.map((client) => client.connect()));
    return clients;
  }

  /** Plain INSERT transactions, one connection per writer: the ceiling the store is judged against. */
  async raw(writers: number, rowsPerTransaction: number): Promise<Throughput> {
    const clients = await this.clients(writers);
    const placeholders = Array.from({ length: rowsPerTransaction }, (_, row) => `($${row * 2 + 1}, $${row * 2 + 2})`);
    const text = `insert into bench_raw_rows (stream_id, data) values ${placeholders.join(', ')}`;
    try {
      await this.settle();
      return await measureWriters(writers, this.config, this.meter, async (writer) => {
        const values: string[] = [];
        for (let row = 0; row < rowsPerTransaction; row += 1) values.push(`raw-w${writer}`, JSON.stringify(eventData()));
        await item(clients, writer).query({ name: `raw_insert_${rowsPerTransaction}`, text, values });
        return rowsPerTransaction;
      });
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  }

  /** appendToStream through the real adapter; the pool has one connection per writer. */
  async ours(writers: number, eventsPerAppend: number, raw: number): Promise<Comparison> {
    const pool = createPool(this.connectionString, writers);
    const store = new PostgresEventStore(pool, { connectionString: this.connectionString });
    const streams = Array.from({ length: writers }, (_, writer) => new WriterStreams(`bench-${eventsPerAppend}x${writers}-w${writer}`));
    try {
      await this.settle();
      const measured = await measureWriters(writers, this.config, this.meter, async (writer) => {
        const events = Array.from({ length: eventsPerAppend }, makeEvent);
        await item(streams, writer).append(store, events);
        return eventsPerAppend;
      });
      return { ...measured, raw, ratio: round(measured.perSecond / raw, 2) };
    } finally {
      await store.close();
      await pool.end();
    }
  }

  private async countEvents(): Promise<number> {
    const count = await this.adminClient.query<{ count: string }>('select count(*) as count from events');
    return Number(count.rows[0]?.count ?? 0);
  }

  /** Unmeasured 100-event appends by 8 writers until the log holds `minimum` events. */
  async topUp(minimum: number): Promise<number> {
    const missing = minimum - (await this.countEvents());
    if (missing <= 0) return 0;
    const appends = Math.ceil(missing / BATCH);
    const writers = 8;
    const pool = createPool(this.connectionString, writers);
    const store = new PostgresEventStore(pool, { connectionString: this.connectionString });
    try {
      let next = 0;
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          const streams = new WriterStreams(`fill-w${writer}`);
          while (next < appends) {
            next += 1;
            await streams.append(store, Array.from({ length: BATCH }, makeEvent));
          }
        }),
      );
      return appends * BATCH;
    } finally {
      await store.close();
      await pool.end();
    }
  }

  /** A fresh subscriber reading the whole log from START. */
  async catchUp(): Promise<CatchUp> {
    const total = await this.countEvents();
    const pool = createPool(this.connectionString, 2);
    const store = new PostgresEventStore(pool, { connectionString: this.connectionString });
    try {
      await this.settle();
      const stopMeter = this.meter.start();
      const started = performance.now();
      const subscription = store.subscribeAll({ after: START, batchSize: this.config.catchUpBatch });
      let received = 0;
      let batches = 0;
      let previous: Position = START;
      for await (const batch of subscription) {
        for (const event of batch) {
          // Cheap guard that the log arrives in order, once.
          if (comparePositions(event.position, previous) <= 0) throw new Error('catch-up went backwards');
          previous = event.position;
        }
        received += batch.length;
        batches += 1;
        if (received >= total) break;
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = stopMeter();
      await subscription.close();
      if (received !== total) throw new Error(`catch-up read ${received} of ${total} events`);
      return {
        events: total,
        seconds: round(seconds, 2),
        perSecond: round(total / seconds),
        batchSize: this.config.catchUpBatch,
        batches,
        ...(cpu ? { cpu } : {}),
      };
    } finally {
      await store.close();
      await pool.end();
    }
  }

  /**
   * Paced single-event appends shared by several writers while a LogFollowerRunner
   * writes one row per event. Lag = batch commit time - append start time.
   */
  async lag(): Promise<Lag> {
    const { lagRate, lagSeconds, lagWriters } = this.config;
    // One pool for the store as the service has (default size), one for read models.
    const storePool = createPool(this.connectionString);
    const readPool = createPool(this.connectionString, 4);
    const store = new PostgresEventStore(storePool, { connectionString: this.connectionString });
    const readModels = createReadModels(readPool);

    const startedAt = new Map<string, number>();
    const committedAt = new Map<string, number>();
    let inBatch: string[] = [];
    let batches = 0;
    const projection: LogFollower = {
      name: BENCH_PROJECTION,
      views: [],
      tables: [],
      /** One multi-row insert per batch, as the service's projections do. */
      async applyBatch(events, writer) {
        if (events.length === 0) return false;
        for (const event of events) inBatch.push(event.eventId);
        // The writer is typed for the service's read models; this table is the benchmark's own.
        await (writer as QueryCreator<BenchDatabase>)
          .insertInto('bench_events_seen')
          .values(
            events.map((event) => ({
              event_id: event.eventId,
              stream_id: event.streamId,
              stream_version: event.streamVersion.toString(),
              global_position: event.position.prepare.toString(),
            })),
          )
          .onConflict((conflict) => conflict.column('event_id').doNothing())
          .execute();
        return true;
      },
    };
    const runner = new LogFollowerRunner(projection, {
      db: readModels,
      eventStore: store,
      connectionConfig: { connectionString: this.connectionString },
      batchSize: 500,
      onBatchCommitted: () => {
        const now = performance.now();
        // A replayed batch (after a failed one) keeps its first commit time.
        for (const eventId of inBatch) if (!committedAt.has(eventId)) committedAt.set(eventId, now);
        inBatch = [];
        batches += 1;
      },
      logger: { log: () => undefined, error: (message) => console.error(message) },
    });

    try {
      // Start at the head: the projection measures lag, not a replay of earlier phases.
      const head = await store.headPosition();
      await this.adminClient.query(
        `insert into projection_checkpoints (name, commit_position, prepare_position, events_applied, updated_at)
         values ($1, $2, $3, 0, now())`,
        [BENCH_PROJECTION, (head.commit < 0n ? 0n : head.commit).toString(), head.prepare.toString()],
      );
      await this.settle();
      runner.start();
      for (let waited = 0; runner.status.state !== 'running'; waited += 10) {
        if (waited > 10_000) throw new Error(`projection runner did not start: ${runner.status.state}`);
        await delay(10);
      }

      const total = Math.max(1, Math.round(lagRate * lagSeconds));
      const intervalMs = 1000 / lagRate;
      const t0 = performance.now() + 20;
      let next = 0;
      let last: Position = START;
      let firstStart = Number.POSITIVE_INFINITY;
      let lastStart = 0;
      const appendLatencies: number[] = [];
      const stopMeter = this.meter.start();
      await Promise.all(
        Array.from({ length: lagWriters }, async (_, writer) => {
          const streams = new WriterStreams(`lag-w${writer}`);
          for (;;) {
            const index = next;
            next += 1;
            if (index >= total) return;
            const wait = t0 + index * intervalMs - performance.now();
            // Timers tick in whole ms; sub-ms waits would only add jitter.
            if (wait >= 1) await delay(Math.floor(wait));
            const event = makeEvent();
            const started = performance.now();
            startedAt.set(event.eventId, started);
            firstStart = Math.min(firstStart, started);
            lastStart = Math.max(lastStart, started);
            const result = await streams.append(store, [event]);
            appendLatencies.push(performance.now() - started);
            if (comparePositions(result.position, last) > 0) last = result.position;
          }
        }),
      );
      if (!(await runner.waitFor(last, 60_000))) throw new Error('projection did not catch up within 60 s');
      const cpu = stopMeter();

      const lags: number[] = [];
      for (const [eventId, started] of startedAt) {
        const committed = committedAt.get(eventId);
        if (committed === undefined) throw new Error(`event ${eventId} was never projected`);
        lags.push(committed - started);
      }
      const spanSeconds = (lastStart - firstStart) / 1000;
      return {
        targetRate: lagRate,
        achievedRate: round(spanSeconds > 0 ? (total - 1) / spanSeconds : total),
        writers: lagWriters,
        events: total,
        batches,
        lagMs: summarize(lags),
        appendMs: summarize(appendLatencies),
        ...(cpu ? { cpu } : {}),
      };
    } finally {
      await runner.stop();
      await store.close();
      await readModels.destroy();
      await storePool.end();
    }
  }
}

/** A figure that must reach `min`; `needed` is the threshold as the report prints it. */
function atLeast(name: string, measured: number, min: number, needed: string): TargetResult {
  return { name, measured, needed, pass: measured >= min };
}

function evaluateTargets(ours16: Comparison | undefined, ours100: Comparison | undefined, catchUp: CatchUp, lag: Lag): TargetResult[] {
  return [
    ...(ours16 ? [atLeast('appendToStream 1 event, 16 writers / raw', ours16.ratio, 0.7, '>= 0.70')] : []),
    ...(ours100 ? [atLeast('appendToStream 100 events, 8 writers / raw', ours100.ratio, 0.5, '>= 0.50')] : []),
    atLeast('subscribeAll catch-up, events/s', catchUp.perSecond, 50_000, '>= 50,000'),
    { name: 'projection lag p99, ms', measured: lag.lagMs.p99, needed: '< 50', pass: lag.lagMs.p99 < 50 },
  ];
}

function formatCpu(cpu: CpuUse | undefined): string {
  return cpu ? `${cpu.ours.toFixed(2)}/${cpu.kernel.toFixed(2)}/${cpu.others.toFixed(2)}` : 'n/a';
}

function report(
  facts: MachineFacts,
  server: Record<string, string>,
  config: BenchConfig,
  raw1: readonly Throughput[],
  raw100: readonly Throughput[],
  ours1: readonly Comparison[],
  ours100: readonly Comparison[],
  catchUp: CatchUp,
  lag: Lag,
  targets: readonly TargetResult[],
): string {
  const statusOf = (name: string): string => {
    const target = targets.find((candidate) => candidate.name === name);
    return target ? `${target.needed} ${target.pass ? 'PASS' : 'MISS'}` : '';
  };
  const throughputRow = (label: string, figure: Throughput, comparison?: Comparison, target = ''): string[] => [
    label,
    String(figure.writers),
    formatInt(figure.perSecond),
    comparison ? formatInt(comparison.raw) : '',
    formatRatio(comparison?.ratio),
    figure.latencyMs.p50.toFixed(2),
    figure.latencyMs.p99.toFixed(2),
    formatCpu(figure.cpu),
    target,
  ];
  const rows: string[][] = [
    ...raw1.map((figure) => throughputRow('raw INSERT, 1 row/tx', figure)),
    ...raw100.map((figure) => throughputRow(`raw INSERT, ${BATCH} rows/tx`, figure)),
    ...ours1.map((figure) =>
      throughputRow('appendToStream, 1 event', figure, figure, figure.writers === 16 ? statusOf('appendToStream 1 event, 16 writers / raw') : ''),
    ),
    ...ours100.map((figure) =>
      throughputRow(`appendToStream, ${BATCH} events`, figure, figure, figure.writers === 8 ? statusOf('appendToStream 100 events, 8 writers / raw') : ''),
    ),
    [
      `subscribeAll catch-up, batch ${catchUp.batchSize}`,
      '1',
      formatInt(catchUp.perSecond),
      '',
      '',
      '',
      '',
      formatCpu(catchUp.cpu),
      statusOf('subscribeAll catch-up, events/s'),
    ],
  ];
  const throughput = renderTable(['Throughput', 'Writers', 'Rows|ev/s', 'Raw/s', 'Ratio', 'p50 ms', 'p99 ms', 'CPU us/k/oth', 'Target'], rows);
  const lagTable = renderTable(
    ['Projection lag', 'Rate/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'CPU us/k/oth', 'Target'],
    [
      [
        'append start -> projection commit',
        formatInt(lag.achievedRate),
        lag.lagMs.p50.toFixed(1),
        lag.lagMs.p95.toFixed(1),
        lag.lagMs.p99.toFixed(1),
        lag.lagMs.max.toFixed(1),
        formatCpu(lag.cpu),
        statusOf('projection lag p99, ms'),
      ],
      [
        '  of which the append call',
        '',
        lag.appendMs.p50.toFixed(1),
        lag.appendMs.p95.toFixed(1),
        lag.appendMs.p99.toFixed(1),
        lag.appendMs.max.toFixed(1),
        '',
        '',
      ],
    ],
  );
  const header = [
    `bench:events  ${facts.date}`,
    `machine: ${facts.nproc} CPUs (${facts.cpu}), ${facts.memoryGiB} GiB, ${facts.platform}, Node ${facts.node}, load ${facts.loadAverageAtStart}`,
    `postgres: ${server['server_version']} embedded, fsync=${server['fsync']} synchronous_commit=${server['synchronous_commit']} ` +
      `wal_sync_method=${server['wal_sync_method']} shared_buffers=${server['shared_buffers']}`,
    `window ${config.seconds} s per figure (+${config.warmupSeconds} s warm-up); catch-up over ${formatInt(catchUp.events)} events; ` +
      `lag: ${config.lagRate} ev/s for ${config.lagSeconds} s by ${lag.writers} writers, ${formatInt(lag.events)} events in ${formatInt(lag.batches)} projection batches`,
  ];
  const passed = targets.filter((target) => target.pass).length;
  const missed = targets.filter((target) => !target.pass).map((target) => target.name);
  return [
    ...header,
    '',
    throughput,
    '',
    lagTable,
    '',
    'CPU us/k/oth: cores used by this benchmark (Node + its PostgreSQL) / by interrupts and kernel threads (fsync I/O) /',
    "  by other processes on the machine (noise: other engineers' tests); 2.00 = both cores busy.",
    `targets: ${passed}/${targets.length} PASS${missed.length === 0 ? '' : ` (MISS: ${missed.join('; ')})`}`,
  ].join('\n');
}

export async function main(): Promise<number> {
  const config = readConfig(process.env);
  const bench = new Bench(config);
  const facts = machineFacts();
  const onSignal = (signal: NodeJS.Signals): void => {
    console.error(`bench:events: ${signal}, cleaning up`);
    void bench.cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const phaseZero = performance.now();
    const progress = (message: string): void => {
      console.error(`[${((performance.now() - phaseZero) / 1000).toFixed(1)} s] ${message}`);
    };
    progress('starting embedded PostgreSQL');
    await bench.startServer();
    const server = await bench.serverFacts();

    const raw1: Throughput[] = [];
    for (const writers of RAW_WRITERS) {
      progress(`raw INSERT 1 row/tx, ${writers} writers`);
      raw1.push(await bench.raw(writers, 1));
    }
    const raw100: Throughput[] = [];
    for (const writers of RAW_BATCH_WRITERS) {
      progress(`raw INSERT ${BATCH} rows/tx, ${writers} writers`);
      raw100.push(await bench.raw(writers, BATCH));
    }
    const ours1: Comparison[] = [];
    for (const writers of RAW_WRITERS) {
      progress(`appendToStream 1 event, ${writers} writers`);
      const raw = raw1.find((figure) => figure.writers === writers)?.perSecond ?? Number.NaN;
      ours1.push(await bench.ours(writers, 1, raw));
    }
    progress(`appendToStream ${BATCH} events, 8 writers`);
    const raw100x8 = raw100.find((figure) => figure.writers === 8)?.perSecond ?? Number.NaN;
    const ours100 = [await bench.ours(8, BATCH, raw100x8)];
    progress(`topping the log up to ${formatInt(config.catchUpMinEvents)} events (not measured)`);
    await bench.topUp(config.catchUpMinEvents);
    progress('subscribeAll catch-up from START');
    const catchUp = await bench.catchUp();
    progress(`projection lag at ${config.lagRate} ev/s for ${config.lagSeconds} s`);
    const lag = await bench.lag();
    progress('done');

    const targets = evaluateTargets(
      ours1.find((figure) => figure.writers === 16),
      ours100[0],
      catchUp,
      lag,
    );
    console.log(report(facts, server, config, raw1, raw100, ours1, ours100, catchUp, lag, targets));
    writeFigures(config.outputPath, {
      machine: machineFactsAtEnd(facts),
      postgres: server,
      config,
      raw: { singleRow: raw1, rows100: raw100 },
      eventStore: { singleEvent: ours1, events100: ours100 },
      catchUp,
      lag,
      targets,
    });
    console.log(`\nwrote ${config.outputPath}`);
    return config.strict && targets.some((target) => !target.pass) ? 2 : 0;
  } finally {
    await bench.cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

runBench(import.meta.url, 'bench:events', main);
