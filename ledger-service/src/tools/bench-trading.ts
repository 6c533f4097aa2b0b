import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CpuMeter, type CpuUse, formatInt, machineFacts, renderTable, round, runBench, summarize } from '@carbon-ledger/bench-kit';
import { withBenchService } from './bench-service.js';
import type { TradingClientsInput, TradingClientsMessage, TradingClientsResult } from './bench-trading-clients.js';
import { setUpTradingBench } from './bench-trading-setup.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
/**
 * Resting asks laid down before the run: one credit each, so every buy POST is exactly one matched trade.
 * Enough for warm-up + window at well over 2,000 trades/s (30,000 ran out at ~1,300 trades/s, and every
 * POST after that rested unfilled).
 */
const ASKS = Number(process.env.BENCH_ASKS ?? 100_000);

/**
 * bench:trading — matched trades per second through the HTTP API (POST
 * /api/orders, each buy crossing one resting ask), with 16 concurrent clients,
 * the POST latency (which includes the read-your-writes wait on the order
 * book), and the time from the POST to the newTrade message at a signed-in
 * socket.io client, as the console receives it. The clients and that socket
 * run on a worker thread, so this thread's event loop is the service's alone.
 */
async function main(): Promise<void> {
  const announce = (): string =>
    `bench:trading — ${CLIENTS} clients, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up); starting the service on a fresh embedded PostgreSQL…\n`;
  await withBenchService('bench-trading', announce, async ({ app, config, baseUrl }) => {
    const { seller, buyers, buyOrderBody } = await setUpTradingBench(app, baseUrl, {
      prefix: 'bench',
      asks: ASKS,
      buyers: CLIENTS,
      asksProjectedWithinMs: 120_000,
    });

    // The clients run on a thread of their own (bench-trading-clients.ts); this thread is the service's.
    const input: TradingClientsInput = {
      baseUrl,
      buyers: buyers.map(({ userId, cookie, csrf }) => ({ userId, cookie, csrf })),
      watcherCookie: seller.cookie,
      body: buyOrderBody,
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
    };
    const clients = new Worker(new URL('./bench-trading-clients.js', import.meta.url), { workerData: input });
    const cpu = new CpuMeter(join(config.DATA_DIR, 'postgres'));
    let stopCpu: (() => CpuUse | undefined) | undefined;
    let used: CpuUse | undefined;
    const { seconds, trades, failures, latencies, pushLatencies, clientCores } = await new Promise<TradingClientsResult>((resolve, reject) => {
      clients.on('message', (message: TradingClientsMessage) => {
        if (message.type === 'measuring') stopCpu = cpu.start();
        else {
          used = stopCpu?.();
          resolve(message.result);
        }
      });
      clients.once('error', reject);
      clients.once('exit', (code) => reject(new Error(`the client thread exited with ${code}`)));
    });
    await clients.terminate();

    const post = summarize(latencies);
    const tradesPerSecond = trades / seconds;
    // What one matched trade costs the machine, the figure a throughput target divides the cores by.
    const msPerTrade = (cores: number): string => (tradesPerSecond > 0 ? String(round((cores * 1000) / tradesPerSecond, 2)) : 'n/a');
    const serviceCores = used ? used.ours - used.postgres - clientCores : 0;
    const push = summarize(pushLatencies);
    const facts = machineFacts();
    process.stdout.write(
      [
        '',
        `machine: ${facts.nproc} cores (${facts.cpu}), ${facts.memoryGiB} GiB; node ${facts.node}`,
        renderTable(
          ['measure', 'value', 'target'],
          [
            // Issue #24: with funded buys.
            [`matched trades/s (HTTP, ${CLIENTS} clients)`, formatInt(tradesPerSecond), '>= 1,000'],
            ['POST /api/orders p50 ms', String(post.p50), ''],
            ['POST /api/orders p99 ms', String(post.p99), '< 100'],
            ['POST -> newTrade at socket p50 ms', String(push.p50), ''],
            ['POST -> newTrade at socket p99 ms', String(push.p99), '< 150'],
            ['trades measured / pushes matched', `${trades} / ${pushLatencies.length}`, ''],
            ['refused or unfilled POSTs', String(failures), '0'],
            ['CPU cores: ours / kernel / others', used ? `${used.ours} / ${used.kernel} / ${used.others}` : 'n/a', ''],
            ['  of ours: service / clients / PostgreSQL', used ? `${round(serviceCores, 2)} / ${round(clientCores, 2)} / ${used.postgres}` : 'n/a', ''],
            [
              'CPU ms per trade: service / clients / PostgreSQL',
              used ? `${msPerTrade(serviceCores)} / ${msPerTrade(clientCores)} / ${msPerTrade(used.postgres)}` : 'n/a',
              '',
            ],
          ],
        ),
        '',
      ].join('\n'),
    );
  });
}

runBench(import.meta.url, 'bench:trading', main);
