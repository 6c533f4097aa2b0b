import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { benchOutputPath, loadAverage, machineFacts, runBench, writeFigures } from '@carbon-ledger/bench-kit';
import { Kysely, PostgresDialect } from 'kysely';
import {
  createPool,
  emptySummary,
  evidenceRecords,
  freePort,
  jsonExport,
  LedgerSealer,
  loadConfig,
  PostgresEventStore,
  runMigrations,
  startEmbeddedPostgres,
  toEventsToAppend,
  verifyEvidenceFile,
} from '@carbon-ledger/ledger-service/bench';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 20_000);
const BATCH = 500;
const WRITERS = 4;
/**
 * V8 flags of the export and verify processes. The old-space cap makes V8 collect
 * instead of growing lazily, so peak RSS shows what a phase needs. The young
 * generation needs a bound too: left to itself on this machine (23.5 GiB) it grows
 * to a 128 MiB new space, and under the cap V8 then runs a full mark-compact every
 * few dozen milliseconds with 20 MiB live (measured: the export of 1M events took
 * 56 s with the cap alone, 24 s with both flags). BENCH_NODE_FLAGS replaces
 * them, e.g. BENCH_NODE_FLAGS= for the tools as a plain `node` runs them.
 */
const NODE_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=128 --max-semi-space-size=16').split(/\s+/).filter(Boolean);
/** BENCH_PROFILE_DIR=dir: CPU profiles of the export and verify processes in dir/export and dir/verify. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

/** Samples this process's memory while `work` runs; returns its result, seconds and peaks in MiB. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peakRssMiB: number; peakHeapMiB: number }> {
  global.gc?.();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = (): void => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed + usage.external);
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (performance.now() - started) / 1000, peakRssMiB: peakRss / 2 ** 20, peakHeapMiB: peakHeap / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** The kind of events a busy registry records: orders with a few fields, spread over many streams. */
function orderEvents(stream: number, count: number, commandId: string) {
  const now = new Date();
  return toEventsToAppend(
    Array.from({ length: count }, (_, index) => ({
      type: index % 7 === 6 ? 'OrderCancelled' : 'OrderPlaced',
      data: {
        orderId: randomUUID(),
        ownerId: `bench-user-${stream % 500}`,
        side: index % 2 === 0 ? 'buy' : 'sell',
        amount: 1 + ((stream * 31 + index) % 5000),
        price: `${10 + (index % 90)}.${String(index % 100).padStart(2, '0')}`,
        projectType: 'Forestry',
        vintage: 2020 + (index % 6),
        placedAt: now.toISOString(),
      },
    })),
    { commandId, correlationId: commandId, causationId: commandId, actor: { userId: `bench-user-${stream % 500}`, role: 'trader' }, now },
  );
}

interface PhaseResult {
  readonly seconds: number;
  readonly maxRssMiB: number;
  /** Peaks of process.memoryUsage() sampled every 50 ms, in MiB: where the memory went. */
  readonly peakMiB: { readonly heapUsed: number; readonly heapTotal: number; readonly external: number; readonly arrayBuffers: number };
  readonly events?: number;
  readonly ok?: boolean;
  readonly reason?: string;
}

/**
 * This process's peak RSS in bytes. Not resourceUsage().maxRSS: a child starts with
 * the high-water mark of the parent it was spawned from (here the process that
 * generated a million events), so that figure was the parent's. VmHWM belongs to
 * the address space exec gave this process.
 */
function ownPeakRss(): number {
  try {
    const kib = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib) return Number(kib) * 1024;
  } catch {
    // not Linux: the sampled peak below
  }
  return peakSampledRss;
}
let peakSampledRss = 0;

/** Export or verify in this (child) process, so its peak memory is its own. */
async function phase(kind: string, args: string[]): Promise<PhaseResult> {
  const started = performance.now();
  const peak = { heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 };
  const sample = (): void => {
    const usage = process.memoryUsage();
    for (const key of Object.keys(peak) as (keyof typeof peak)[]) peak[key] = Math.max(peak[key], usage[key]);
    peakSampledRss = Math.max(peakSampledRss, usage.rss);
  };
  const sampler = setInterval(sample, 50);
  const done = (): { maxRssMiB: number; peakMiB: typeof peak } => {
    clearInterval(sampler);
    sample();
    const mib = (bytes: number): number => Math.round(bytes / 2 ** 20);
    return {
      maxRssMiB: ownPeakRss() / 2 ** 20,
      peakMiB: { heapUsed: mib(peak.heapUsed), heapTotal: mib(peak.heapTotal), external: mib(peak.external), arrayBuffers: mib(peak.arrayBuffers) },
    };
  };
  if (kind === 'export') {
    const [connectionString, file] = args as [string, string];
    const pool = createPool(connectionString, 2);
    const store = new PostgresEventStore(pool, { connectionString });
    const request = { exportType: 'full' as const, dateRange: {}, includeKYC: true, includeBlockchain: true, format: 'json' as const };
    const summary = emptySummary();
    await pipeline(
      Readable.from(jsonExport({ request, generatedAt: new Date(), summary, records: evidenceRecords(store, request, summary) })),
      createWriteStream(file),
    );
    await store.close();
    await pool.end();
    return { seconds: (performance.now() - started) / 1000, ...done(), events: summary.events };
  }
  const result = await verifyEvidenceFile(args[0] ?? '');
  return {
    seconds: (performance.now() - started) / 1000,
    ...done(),
    events: result.events,
    ok: result.ok,
    ...(result.firstMismatch ? { reason: result.firstMismatch.reason } : {}),
  };
}

function runPhase(kind: string, args: string[]): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${join(PROFILE_DIR, kind)}`] : [];
    const child = spawn(process.execPath, [...NODE_FLAGS, ...profile, fileURLToPath(import.meta.url), kind, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output) as PhaseResult) : reject(new Error(`${kind} phase exited with ${code}`))));
  });
}

async function main(): Promise<number> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-export-'));
  const server = await startEmbeddedPostgres({ dataDir: join(workDir, 'data'), port: await freePort(), database: 'bench_export' });
  const pool = createPool(server.connectionString, WRITERS + 4);
  const store = new PostgresEventStore(pool, { connectionString: server.connectionString });
  try {
    await runMigrations(new Kysely({ dialect: new PostgresDialect({ pool }) }), { eventStore: true });
    process.stdout.write(`generating ${EVENTS.toLocaleString('en')} events in ${STREAMS.toLocaleString('en')} streams…\n`);
    const generation = await measured(async () => {
      const versions = new Map<number, bigint>();
      let next = 0;
      const writer = async (): Promise<void> => {
        for (;;) {
          const start = next;
          next += BATCH;
          if (start >= EVENTS) return;
          const stream = (start / BATCH) % STREAMS;
          const count = Math.min(BATCH, EVENTS - start);
          const expected = versions.get(stream);
          const result = await store.appendToStream(`order-bench-${stream}`, orderEvents(stream, count, randomUUID()), { expected: expected ?? 'no_stream' });
          versions.set(stream, result.nextExpectedVersion);
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
    });

    const config = loadConfig({ DATA_DIR: workDir, SEAL_INTERVAL_MS: '0' });
    const sealing = await measured(() => new LedgerSealer(store, config, { readModelConnection: {} }).sealNow());

    const file = join(workDir, 'evidence-export.json');
    const loadBefore = loadAverage();
    const exporting = await runPhase('export', [server.connectionString, file]);
    const verifying = await runPhase('verify', [file]);
    if (!verifying.ok) throw new Error(`the export did not verify: ${verifying.reason}`);
    const loadAfter = loadAverage();

    const sizeMiB = statSync(file).size / 2 ** 20;
    const total = exporting.seconds + verifying.seconds;
    const peak = Math.max(exporting.maxRssMiB, verifying.maxRssMiB);
    const facts = machineFacts();
    const figures = {
      date: facts.date,
      machine: { cpus: facts.nproc, cpu: facts.cpu, memoryGiB: facts.memoryGiB, node: facts.node },
      loadAverage: { beforeExport: loadBefore, afterVerify: loadAfter },
      nodeFlags: NODE_FLAGS.join(' '),
      events: EVENTS,
      streams: STREAMS,
      generateSeconds: +generation.seconds.toFixed(1),
      sealSeconds: +sealing.seconds.toFixed(1),
      export: {
        seconds: +exporting.seconds.toFixed(1),
        eventsPerSecond: Math.round(EVENTS / exporting.seconds),
        peakRssMiB: Math.round(exporting.maxRssMiB),
        peakMiB: exporting.peakMiB,
        fileMiB: Math.round(sizeMiB),
      },
      verify: {
        seconds: +verifying.seconds.toFixed(1),
        eventsPerSecond: Math.round(EVENTS / verifying.seconds),
        peakRssMiB: Math.round(verifying.maxRssMiB),
        peakMiB: verifying.peakMiB,
      },
      totalSeconds: +total.toFixed(1),
      targets: { totalUnder60s: total < 60, peakUnder256MiB: peak < 256 },
    };
    const breakdown = (usage: PhaseResult['peakMiB']): string =>
      `peaks: heap used ${usage.heapUsed} of ${usage.heapTotal} MiB, external ${usage.external} MiB (array buffers ${usage.arrayBuffers})`;
    const row = (label: string, value: string, target = ''): string => `${label.padEnd(34)}${value.padStart(14)}  ${target}\n`;
    process.stdout.write(
      `\nbench:export  ${figures.date}\nmachine: ${figures.machine.cpus} CPUs (${figures.machine.cpu}), ${figures.machine.memoryGiB} GiB, Node ${process.version}; embedded PostgreSQL 18\n` +
        `load average (1/5/15 min) before the export ${loadBefore}, after the verification ${loadAfter}; phases run with ${figures.nodeFlags || 'no V8 flags'}\n\n` +
        row('events generated (not timed)', `${EVENTS.toLocaleString('en')}`, `${generation.seconds.toFixed(1)} s`) +
        row('sealed in one seal', `${sealing.seconds.toFixed(1)} s`) +
        row(
          'export to JSON',
          `${exporting.seconds.toFixed(1)} s`,
          `${figures.export.eventsPerSecond.toLocaleString('en')} events/s, ${figures.export.fileMiB} MiB file`,
        ) +
        row('  peak RSS of the export process', `${figures.export.peakRssMiB} MiB`, breakdown(exporting.peakMiB)) +
        row('verify offline', `${verifying.seconds.toFixed(1)} s`, `${figures.verify.eventsPerSecond.toLocaleString('en')} events/s`) +
        row('  peak RSS of the verify process', `${figures.verify.peakRssMiB} MiB`, breakdown(verifying.peakMiB)) +
        row('export + verify', `${total.toFixed(1)} s`, `target < 60 s: ${figures.targets.totalUnder60s ? 'PASS' : 'MISS'}`) +
        row('peak memory (RSS, per process)', `${Math.round(peak)} MiB`, `target < 256 MiB: ${figures.targets.peakUnder256MiB ? 'PASS' : 'MISS'}`),
    );
    const output = benchOutputPath('bench-export.json');
    writeFigures(output, figures);
    process.stdout.write(`\nwrote ${output}\n`);
    return 0;
  } finally {
    await store.close();
    await pool.end();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const [kind, ...phaseArgs] = process.argv.slice(2);
runBench(
  import.meta.url,
  'bench:export',
  kind === 'export' || kind === 'verify' ? () => phase(kind, phaseArgs).then((result) => (process.stdout.write(JSON.stringify(result)), 0)) : main,
);
