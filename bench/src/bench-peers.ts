/**
 * `npm run bench:peers`: the project's event store beside the stores a user would pick
 * instead, on one embedded PostgreSQL in one run: Emmett's PostgreSQL store (0.42),
 * Message DB (1.3), and the bare event row (the same columns, bytes and indexes as ours,
 * a plain INSERT) as the ceiling. Each store has a database of its own on the server; the
 * stores take turns per workload and round, in an order that alternates between rounds.
 *
 * Workloads: single-event appends by 1, 8 and 16 writers on their own streams; 16 writers
 * on 4 shared streams with expected versions (a refused writer learns the version, from
 * the refusal where the store names it, else by a read, and decides again); 100-event
 * appends by 8 writers; a catch-up read of the first 200,000 events of each log (topped up
 * to that many where shorter; the same count for every store, median of the rounds); and
 * the exactly-once check: 8 writers plus 2 that hold their transaction open 200 ms while a
 * consumer reads the log the store's own way, then missing, duplicate and out-of-order
 * deliveries are counted.
 *
 * Env: BENCH_SECONDS (window per figure, default 5), BENCH_WARMUP_SECONDS (0.5),
 * BENCH_ROUNDS (2), BENCH_CATCHUP_EVENTS (200000), BENCH_HOLD_MS (200), BENCH_ONLY (run only
 * the throughput workloads whose name contains this text, and skip catch-up and exactly-once).
 * Prints the table and writes ./.data/bench/bench-peers.json.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  benchOutputPath,
  formatInt,
  formatRatio,
  loadAverage,
  machineSummary,
  median,
  renderTable,
  round,
  runBench,
  summarize,
  writeFigures,
} from '@carbon-ledger/bench-kit';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '@carbon-ledger/ledger-service/bench';
import {
  type DeliveredEvent,
  EmmettStore,
  type LogReader,
  MessageDbStore,
  OurStore,
  peerEvent,
  type PeerStore,
  RawEventRow,
  streamName,
} from './bench-peer-stores.js';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const WARMUP_SECONDS = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 0.5);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 2);
const CATCHUP_EVENTS = Number(process.env['BENCH_CATCHUP_EVENTS'] ?? 200_000);
const HOLD_MS = Number(process.env['BENCH_HOLD_MS'] ?? 200);
const ONLY = process.env['BENCH_ONLY'];
const CONNECTIONS = 20;
const CATCHUP_BATCH = 2_000;
/** A writer moves to a new stream after this many appends (aggregates have short streams). */
const APPENDS_PER_STREAM = 100;

type StoreName = 'ours' | 'Emmett' | 'Message DB' | 'raw event row';
const PEERS: readonly StoreName[] = ['Emmett', 'Message DB'];

interface Throughput {
  readonly eventsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Refused expectations per appended event (shared streams). */
  readonly conflictsPerEvent?: number;
  /** Writers none of whose attempts in the window succeeded (shared streams). */
  readonly starvedWriters?: number;
}

interface ExactlyOnce {
  readonly acknowledged: number;
  readonly delivered: number;
  readonly missing: number;
  readonly duplicates: number;
  readonly inversions: number;
  readonly writerEventsPerSecond: number;
}

interface Workload {
  readonly name: string;
  readonly withRaw: boolean;
  run(store: PeerStore): Promise<Throughput>;
}

/** One writer's own streams: it knows each version, so its appends never conflict. */
class OwnStreams {
  private stream = streamName();
  private version = -1n;
  private appends = 0;

  async append(store: PeerStore, events: number): Promise<void> {
    if (this.appends === APPENDS_PER_STREAM) {
      this.stream = streamName();
      this.version = -1n;
      this.appends = 0;
    }
    const answer = await store.append(this.stream, Array.from({ length: events }, peerEvent), this.version);
    if (!answer.ok) throw new Error(`${store.name}: own stream ${this.stream} refused version ${this.version}`);
    this.version = answer.version;
    this.appends += 1;
  }
}

/** What one append attempt did: events appended, or a refused expectation. */
type Outcome = { readonly events: number } | { readonly conflict: true };

/**
 * Closed loops: each writer tries again as soon as its previous attempt returned. An
 * attempt counts when it started after the warm-up; a writer whose every attempt in the
 * window was refused counts as starved.
 */
async function measure(writers: number, attempt: (writer: number) => Promise<Outcome>): Promise<Throughput> {
  const started = performance.now();
  const windowStart = started + WARMUP_SECONDS * 1000;
  const end = windowStart + SECONDS * 1000;
  const latencies: number[] = [];
  let events = 0;
  let conflicts = 0;
  let starved = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let appended = false;
      while (performance.now() < end) {
        const before = performance.now();
        const outcome = await attempt(writer);
        if (before < windowStart) continue;
        latencies.push(performance.now() - before);
        if ('conflict' in outcome) conflicts += 1;
        else {
          events += outcome.events;
          appended = true;
        }
      }
      if (!appended) starved += 1;
    }),
  );
  const elapsed = (performance.now() - windowStart) / 1000;
  const summary = summarize(latencies);
  return {
    eventsPerSecond: events / elapsed,
    p50Ms: summary.p50,
    p99Ms: summary.p99,
    ...(conflicts > 0 ? { conflictsPerEvent: round(conflicts / Math.max(1, events), 2), starvedWriters: starved } : {}),
  };
}

function ownStreamWorkload(writers: number, events: number): Workload {
  return {
    name: `${events} event${events > 1 ? 's' : ''}/append, ${writers} writer${writers > 1 ? 's' : ''}`,
    withRaw: true,
    run: (store) => {
      const streams = Array.from({ length: writers }, () => new OwnStreams());
      return measure(writers, async (writer) => {
        await streams[writer]?.append(store, events);
        return { events };
      });
    },
  };
}

/** 16 writers on 4 shared streams; every writer believes a version and decides again when refused. */
const sharedStreams: Workload = {
  name: '16 writers on 4 shared streams, expected versions',
  withRaw: false,
  run: async (store) => {
    const streams = Array.from({ length: 4 }, () => streamName());
    for (const stream of streams) {
      const opened = await store.append(stream, [peerEvent()], -1n);
      if (!opened.ok) throw new Error(`${store.name}: could not open ${stream}`);
    }
    const beliefs = Array.from({ length: 16 }, () => new Map(streams.map((stream) => [stream, 0n])));
    return measure(16, async (writer) => {
      const stream = streams[writer % streams.length] ?? '';
      const belief = beliefs[writer] ?? new Map<string, bigint>();
      const answer = await store.append(stream, [peerEvent()], belief.get(stream) ?? -1n);
      if (answer.ok) {
        belief.set(stream, answer.version);
        return { events: 1 };
      }
      belief.set(stream, store.conflictNamesVersion ? answer.actual : await store.streamVersion(stream));
      return { conflict: true };
    });
  },
};

const THROUGHPUT_WORKLOADS: readonly Workload[] = [
  ownStreamWorkload(1, 1),
  ownStreamWorkload(8, 1),
  ownStreamWorkload(16, 1),
  sharedStreams,
  ownStreamWorkload(8, 100),
].filter((workload) => ONLY === undefined || workload.name.includes(ONLY));

/** Appends 100-event batches with 8 writers until `count` more events are in the log. */
async function topUp(store: PeerStore, count: number): Promise<void> {
  const streams = Array.from({ length: 8 }, () => new OwnStreams());
  let remaining = count;
  await Promise.all(
    streams.map(async (writer) => {
      while (remaining > 0) {
        remaining -= 100;
        await writer.append(store, 100);
      }
    }),
  );
}

async function readToEnd(reader: LogReader, onBatch: (events: readonly DeliveredEvent[]) => void = () => undefined, limit = Infinity): Promise<number> {
  let read = 0;
  while (read < limit) {
    const batch = await reader.next(Math.min(CATCHUP_BATCH, limit - read));
    if (batch.length === 0) return read;
    onBatch(batch);
    read += batch.length;
  }
  return read;
}

/**
 * 8 writers and 2 slow ones (each append's transaction held open) on their own streams,
 * while a consumer reads as the store's consumers do; then the reader drains and every
 * acknowledged event must have been delivered once, in stream order.
 */
async function exactlyOnce(store: PeerStore, reader: LogReader): Promise<ExactlyOnce> {
  const acknowledged = new Set<string>();
  const seen = new Map<string, number>();
  const lastVersion = new Map<string, bigint>();
  let inversions = 0;
  const deliver = (events: readonly DeliveredEvent[]): void => {
    for (const event of events) {
      seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
      const previous = lastVersion.get(event.stream);
      if (previous !== undefined && event.version <= previous) inversions += 1;
      lastVersion.set(event.stream, event.version);
    }
  };
  let writing = true;
  const consuming = (async () => {
    while (writing) {
      const batch = await reader.next(500);
      deliver(batch);
      if (batch.length === 0) await delay(2);
    }
  })();
  const end = performance.now() + SECONDS * 2 * 1000;
  const write = async (held: boolean): Promise<void> => {
    let stream = streamName();
    let version = -1n;
    while (performance.now() < end) {
      if (version >= BigInt(APPENDS_PER_STREAM - 1)) {
        stream = streamName();
        version = -1n;
      }
      const event = peerEvent();
      if (held) {
        await store.appendHeld(stream, [event], version, HOLD_MS);
        version += 1n;
      } else {
        const answer = await store.append(stream, [event], version);
        if (!answer.ok) throw new Error(`${store.name}: own stream refused`);
        version = answer.version;
      }
      acknowledged.add(event.id);
    }
  };
  const started = performance.now();
  await Promise.all([...Array.from({ length: 8 }, () => write(false)), write(true), write(true)]);
  const writerEventsPerSecond = acknowledged.size / ((performance.now() - started) / 1000);
  writing = false;
  await consuming;
  // Everything is committed now; a reader that skipped nothing finds the rest.
  await delay(500);
  await readToEnd(reader, deliver);
  let missing = 0;
  for (const id of acknowledged) if (!seen.has(id)) missing += 1;
  let duplicates = 0;
  for (const count of seen.values()) if (count > 1) duplicates += count - 1;
  return { acknowledged: acknowledged.size, delivered: seen.size, missing, duplicates, inversions, writerEventsPerSecond };
}

interface StoreFactory {
  readonly name: StoreName;
  open(connectionString: string): Promise<PeerStore>;
}

const STORES: readonly StoreFactory[] = [
  { name: 'ours', open: (url) => OurStore.open(url, CONNECTIONS) },
  { name: 'Emmett', open: (url) => EmmettStore.open(url, CONNECTIONS) },
  { name: 'Message DB', open: (url) => MessageDbStore.open(url, CONNECTIONS) },
  { name: 'raw event row', open: (url) => RawEventRow.open(url, CONNECTIONS) },
];

interface Target {
  readonly workload: string;
  readonly needed: string;
  readonly measured: string;
  readonly pass: boolean;
}

function targetsFor(workload: string, figures: ReadonlyMap<StoreName, number>): Target[] {
  const ours = figures.get('ours') ?? Number.NaN;
  const betterPeer = Math.max(...PEERS.map((peer) => figures.get(peer) ?? 0));
  const raw = figures.get('raw event row');
  const targets: Target[] = [];
  if (workload.includes('1 writer')) {
    targets.push({ workload, needed: '>= each peer', measured: formatRatio(ours / betterPeer), pass: ours >= betterPeer });
    if (raw !== undefined) targets.push({ workload, needed: '>= 0.9 of the raw row', measured: formatRatio(ours / raw), pass: ours >= 0.9 * raw });
  } else {
    targets.push({ workload, needed: '>= 1.5x the better peer', measured: formatRatio(ours / betterPeer), pass: ours >= 1.5 * betterPeer });
  }
  if (workload.startsWith('100 events') && raw !== undefined) {
    targets.push({ workload, needed: '>= 0.9 of the raw row', measured: formatRatio(ours / raw), pass: ours >= 0.9 * raw });
  }
  return targets;
}

async function createDatabases(adminUrl: string, names: readonly string[]): Promise<Map<string, string>> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const urls = new Map<string, string>();
  try {
    for (const name of names) {
      const database = `bench_${name.toLowerCase().replaceAll(/[^a-z]/g, '_')}`;
      await admin.query(`create database ${pg.escapeIdentifier(database)}`);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      urls.set(name, url.toString());
    }
  } finally {
    await admin.end();
  }
  return urls;
}

async function main(): Promise<void> {
  const loadAtStart = loadAverage();
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-peers-'));
  chmodSync(dataDir, 0o755); // As root, PostgreSQL runs as `postgres`, which must reach it.
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', log: (line) => console.error(line) });
  const stores = new Map<StoreName, PeerStore>();
  try {
    const urls = await createDatabases(
      server.connectionString,
      STORES.map((store) => store.name),
    );
    for (const factory of STORES) stores.set(factory.name, await factory.open(urls.get(factory.name) ?? ''));
    const version = await serverVersion(urls.get('ours') ?? '');
    console.log(`bench:peers  ${new Date().toISOString()}`);
    console.log(`machine: ${machineSummary()}, PostgreSQL ${version} embedded, load at start ${loadAtStart}`);
    console.log(`${SECONDS} s per figure after ${WARMUP_SECONDS} s warm-up, ${ROUNDS} rounds (median), stores alternating per round\n`);

    const results = new Map<string, Map<StoreName, Throughput[]>>();
    for (let roundNumber = 0; roundNumber < ROUNDS; roundNumber += 1) {
      for (const workload of THROUGHPUT_WORKLOADS) {
        const order = roundNumber % 2 === 0 ? STORES : [...STORES].reverse();
        for (const { name } of order) {
          if (name === 'raw event row' && !workload.withRaw) continue;
          const store = stores.get(name);
          if (!store) continue;
          console.error(`round ${roundNumber + 1}: ${workload.name}: ${name}`);
          const figure = await workload.run(store);
          const byStore = results.get(workload.name) ?? new Map<StoreName, Throughput[]>();
          byStore.set(name, [...(byStore.get(name) ?? []), figure]);
          results.set(workload.name, byStore);
        }
      }
    }

    // Catch-up: every store reads the first CATCHUP_EVENTS events of its log, the same count for each
    // (the workloads above leave logs of different lengths: a store's whole log would be a different
    // amount of work, and a longer table a colder one), in rounds in alternating order.
    const catchUpRuns = new Map<StoreName, number[]>();
    const catchUpStores = ONLY === undefined ? STORES : [];
    for (const { name } of catchUpStores) {
      const store = stores.get(name);
      const present = store ? await readToEnd(store.reader(), undefined, CATCHUP_EVENTS) : CATCHUP_EVENTS;
      if (store && present < CATCHUP_EVENTS) {
        console.error(`${name}: topping the log up from ${formatInt(present)} to ${formatInt(CATCHUP_EVENTS)} events (not measured)`);
        await topUp(store, CATCHUP_EVENTS - present);
      }
    }
    for (let roundNumber = 0; roundNumber < ROUNDS; roundNumber += 1) {
      for (const { name } of roundNumber % 2 === 0 ? catchUpStores : [...catchUpStores].reverse()) {
        const store = stores.get(name);
        if (!store) continue;
        console.error(`round ${roundNumber + 1}: catch-up read: ${name}`);
        const started = performance.now();
        const read = await readToEnd(store.reader(), undefined, CATCHUP_EVENTS);
        catchUpRuns.set(name, [...(catchUpRuns.get(name) ?? []), read / ((performance.now() - started) / 1000)]);
      }
    }
    const catchUp = new Map([...catchUpRuns].map(([name, runs]) => [name, median(runs)]));
    const exactly = new Map<StoreName, ExactlyOnce>();
    for (const { name } of catchUpStores) {
      const store = stores.get(name);
      if (!store || name === 'raw event row') continue;
      // The consumer starts at the end of the log, as one that has caught up.
      const reader = store.reader();
      await readToEnd(reader);
      console.error(`${name}: exactly-once with writers holding transactions open ${HOLD_MS} ms`);
      exactly.set(name, await exactlyOnce(store, reader));
    }

    const names: readonly StoreName[] = ['raw event row', 'ours', 'Emmett', 'Message DB'];
    const rows: string[][] = [];
    const targets: Target[] = [];
    const medians: Record<string, Record<string, number>> = {};
    const addRow = (workload: string, figures: Map<StoreName, number>, detail: string): void => {
      const ours = figures.get('ours') ?? Number.NaN;
      const raw = figures.get('raw event row');
      rows.push([
        workload,
        ...names.map((name) => (figures.has(name) ? formatInt(figures.get(name) ?? Number.NaN) : '')),
        raw === undefined ? '' : formatRatio(ours / raw),
        ...PEERS.map((peer) => formatRatio(ours / (figures.get(peer) ?? Number.NaN))),
        detail,
      ]);
      targets.push(...targetsFor(workload, figures));
      medians[workload] = Object.fromEntries(figures);
    };
    for (const workload of THROUGHPUT_WORKLOADS) {
      const byStore = results.get(workload.name) ?? new Map<StoreName, Throughput[]>();
      const figures = new Map<StoreName, number>();
      const details: string[] = [];
      for (const [name, runs] of byStore) {
        figures.set(name, median(runs.map((run) => run.eventsPerSecond)));
        const p99 = median(runs.map((run) => run.p99Ms));
        const conflicts = median(runs.map((run) => run.conflictsPerEvent ?? 0));
        const starved = median(runs.map((run) => run.starvedWriters ?? 0));
        const contention = conflicts > 0 ? `, ${conflicts} conflicts/event, ${starved} of 16 writers starved` : '';
        if (name !== 'raw event row') details.push(`${name} p99 ${p99.toFixed(1)} ms${contention}`);
      }
      addRow(workload.name, figures, details.join('; '));
    }
    if (catchUp.size > 0)
      addRow(`catch-up read of ${formatInt(CATCHUP_EVENTS)} events`, catchUp, `batches of ${formatInt(CATCHUP_BATCH)}, the first of each log`);

    console.log(renderTable(['workload (events/s)', ...names, 'ours/raw', ...PEERS.map((peer) => `ours/${peer}`), 'append p99, conflicts'], rows));
    console.log(`\nexactly-once: 8 writers + 2 holding each transaction open ${HOLD_MS} ms, ${SECONDS * 2} s, a consumer reading meanwhile`);
    console.log(
      renderTable(
        ['store', 'acknowledged', 'delivered', 'missing', 'duplicates', 'out of order', 'writers ev/s'],
        [...exactly].map(([name, figure]) => [
          name,
          formatInt(figure.acknowledged),
          formatInt(figure.delivered),
          formatInt(figure.missing),
          formatInt(figure.duplicates),
          formatInt(figure.inversions),
          formatInt(figure.writerEventsPerSecond),
        ]),
      ),
    );
    const ourExactly = exactly.get('ours');
    if (ourExactly)
      targets.push({ workload: 'exactly-once', needed: '0 missing', measured: formatInt(ourExactly?.missing ?? Number.NaN), pass: ourExactly?.missing === 0 });
    console.log('\ntargets');
    console.log(
      renderTable(
        ['workload', 'needed', 'measured', ''],
        targets.map((target) => [target.workload, target.needed, target.measured, target.pass ? 'pass' : 'MISSED']),
      ),
    );
    const loadAtEnd = loadAverage();
    console.log(`\nload average at end: ${loadAtEnd}`);
    const output = benchOutputPath('bench-peers.json');
    writeFigures(output, {
      at: new Date().toISOString(),
      loadAtStart,
      loadAtEnd,
      postgres: version,
      seconds: SECONDS,
      rounds: ROUNDS,
      medians,
      exactlyOnce: Object.fromEntries(exactly),
      targets,
    });
    console.log(`wrote ${output}`);
  } finally {
    for (const store of stores.values()) await store.close().catch(() => undefined);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? '?';
  } finally {
    await client.end();
  }
}

runBench(import.meta.url, 'bench:peers', main);
