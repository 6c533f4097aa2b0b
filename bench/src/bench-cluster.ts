import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  CpuMeter,
  type CpuUse,
  formatInt,
  loadAverage,
  type MachineFacts,
  machineFacts,
  renderTable,
  round,
  runBench,
  summarize,
} from '@carbon-ledger/bench-kit';
import type { PlatformWalletRole } from '@carbon-ledger/contracts';
import {
  type ClusterClient,
  CONFLICT_LOG_LINE,
  type Instance,
  platformWalletsFile,
  sharedInstanceEnv,
  startInstance,
} from '@carbon-ledger/ledger-service/bench';
import { withBenchService } from './bench-service.js';
import type { TradingClientsInput, TradingClientsMessage, TradingClientsResult } from './bench-trading-clients.js';
import { setUpTradingBench } from './bench-trading-setup.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
/** Resting one-credit asks for both runs: every buy POST is exactly one matched trade. */
const ASKS = Number(process.env.BENCH_ASKS ?? 40_000);
/** On this 2-core machine three instances must keep this share of one's trades/s (no conflict storm). */
const TARGET_RATIO = 0.8;

interface Run {
  readonly instances: number;
  readonly result: TradingClientsResult;
  readonly conflicts: number;
  readonly load: string;
  readonly cpu: CpuUse | undefined;
}

/** The 16 clients of bench:trading (their own thread) against these instances; conflicts counted over the measured window. */
async function measure(instances: readonly Instance[], buyers: readonly ClusterClient[], watcher: ClusterClient, body: string, meter: CpuMeter): Promise<Run> {
  const conflicts = (): number => instances.reduce((sum, instance) => sum + instance.count(CONFLICT_LOG_LINE), 0);
  const input: TradingClientsInput = {
    // The socket listens on the last instance: newTrade crosses instances when the clients post elsewhere.
    baseUrl: instances.at(-1)!.baseUrl,
    baseUrls: instances.map((instance) => instance.baseUrl),
    buyers: buyers.map(({ userId, cookie, csrf }) => ({ userId, cookie, csrf })),
    watcherCookie: watcher.cookie,
    body,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  };
  const clients = new Worker(new URL('./bench-trading-clients.js', import.meta.url), { workerData: input });
  let before = 0;
  let stopMeter: (() => CpuUse | undefined) | undefined;
  let cpu: CpuUse | undefined;
  const result = await new Promise<TradingClientsResult>((resolve, reject) => {
    clients.on('message', (message: TradingClientsMessage) => {
      if (message.type === 'measuring') {
        before = conflicts();
        stopMeter = meter.start();
      } else {
        cpu = stopMeter?.();
        resolve(message.result);
      }
    });
    clients.once('error', reject);
    clients.once('exit', (code) => reject(new Error(`the client thread exited with ${code}`)));
  });
  const load = loadAverage();
  await clients.terminate();
  return { instances: instances.length, result, conflicts: conflicts() - before, load, cpu };
}

/** Prints the two runs side by side; exit code 1 when three instances fall short of the target. */
function report(one: Run, three: Run, facts: MachineFacts): number {
  const rate = (run: Run): number => run.result.trades / run.result.seconds;
  const ratio = rate(three) / rate(one);
  const row = (run: Run): string[] => {
    const post = summarize(run.result.latencies);
    const push = summarize(run.result.pushLatencies);
    return [
      String(run.instances),
      formatInt(rate(run)),
      String(post.p50),
      String(post.p99),
      String(push.p99),
      // The clients are a thread of this process: what is ours and neither PostgreSQL nor an instance.
      run.cpu ? `${run.cpu.processes} / ${run.cpu.postgres} / ${round(run.cpu.ours - run.cpu.processes - run.cpu.postgres, 2)}` : 'n/a',
      run.cpu ? `${round((run.cpu.processes * 1000) / rate(run), 2)} / ${round((run.cpu.postgres * 1000) / rate(run), 2)}` : 'n/a',
      run.result.trades === 0 ? 'n/a' : String(round(run.conflicts / run.result.trades, 3)),
      run.result.failures === 0
        ? '0'
        : `${run.result.failures} (${Object.entries(run.result.failedAnswers)
            .map(([answer, count]) => `${count}× ${answer}`)
            .join(', ')})`,
      run.load,
    ];
  };
  process.stdout.write(
    [
      '',
      `machine: ${facts.nproc} cores (${facts.cpu}), ${facts.memoryGiB} GiB; node ${facts.node}; ${facts.date}`,
      renderTable(
        [
          'instances',
          'matched trades/s',
          'POST p50 ms',
          'POST p99 ms',
          'newTrade p99 ms',
          'cores: instances / PostgreSQL / clients',
          'CPU ms per trade: instances / PostgreSQL',
          'conflict retries/trade',
          'failed POSTs',
          'load avg after',
        ],
        [row(one), row(three)],
      ),
      `3 instances / 1: ${round(ratio, 2)} (target >= ${TARGET_RATIO})`,
      '',
    ].join('\n'),
  );
  return ratio >= TARGET_RATIO ? 0 : 1;
}

/**
 * bench:cluster — matched trades/s and POST latency through the HTTP API with one service
 * process, then with three on the same PostgreSQL (16 clients spread over them, each buy
 * crossing one resting ask of the same market), in one run. Every instance is a process of
 * its own (`node ledger-service/dist/main.js`, as `npm start` runs it) sharing the database,
 * the XRPL sandbox node and the platform wallets by environment. Prints the conflict retries
 * per trade: the market store decides again when another instance appended to the market first.
 */
async function main(): Promise<number> {
  const facts = machineFacts();
  const announce = (): string =>
    `bench:cluster — ${CLIENTS} clients, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up) with 1 and with 3 service processes on one PostgreSQL; load average ${facts.loadAverageAtStart}\n`;
  return withBenchService(
    'bench-cluster',
    announce,
    async ({ app, config, baseUrl, runtime, closeApp }) => {
      const instances: Instance[] = [];
      try {
        // Set-up (not measured) in this process, as bench:trading does it; then this process serves nothing.
        const { seller, buyers, buyOrderBody } = await setUpTradingBench(app, baseUrl, {
          prefix: 'cluster',
          asks: ASKS,
          buyers: CLIENTS,
          asksProjectedWithinMs: 180_000,
        });
        await closeApp();

        // The instances share the database, the sandbox node and the platform wallets by environment, as on several machines.
        const seeds = JSON.parse(readFileSync(platformWalletsFile(config), 'utf8')) as Partial<Record<PlatformWalletRole, string>>;
        const shared = sharedInstanceEnv(String(runtime.readModelConnection.connectionString), runtime.xrpl.url, seeds);
        const instanceEnv = (name: string): Record<string, string> => ({
          ...shared,
          DATA_DIR: join(config.DATA_DIR, name),
          // Debug: the store's conflict lines are counted; nothing else logs at that level on this path.
          LOG_LEVEL: 'debug',
          SEAL_INTERVAL_MS: '0',
        });
        const meter = new CpuMeter(join(config.DATA_DIR, 'postgres'), () => instances.map((instance) => instance.pid));
        instances.push(await startInstance('1', instanceEnv('instance-1')));
        const one = await measure(instances, buyers, seller, buyOrderBody, meter);
        instances.push(...(await Promise.all([startInstance('2', instanceEnv('instance-2')), startInstance('3', instanceEnv('instance-3'))])));
        const three = await measure(instances, buyers, seller, buyOrderBody, meter);

        return report(one, three, facts);
      } finally {
        await Promise.all(instances.map((instance) => instance.stop()));
        // BENCH_CLUSTER_LOGS=<dir>: what each instance printed, to look into a figure.
        if (process.env.BENCH_CLUSTER_LOGS) {
          mkdirSync(process.env.BENCH_CLUSTER_LOGS, { recursive: true });
          for (const instance of instances) writeFileSync(join(process.env.BENCH_CLUSTER_LOGS, `instance-${instance.name}.log`), instance.output());
        }
      }
    },
    { logs: false },
  );
}

runBench(import.meta.url, 'bench:cluster', main);
