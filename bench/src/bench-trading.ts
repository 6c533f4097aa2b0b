import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { projectionNames } from '@carbon-ledger/contracts';
import { CpuMeter, type CpuUse, formatInt, formatRatio, loadAverage, machineFacts, renderTable, round, runBench, summarize } from '@carbon-ledger/bench-kit';
import pg from 'pg';
import { ProjectionHost } from '@carbon-ledger/ledger-service/bench';
import { withBenchService } from './bench-service.js';
import type { TradingClientsInput, TradingClientsMessage, TradingClientsResult } from './bench-trading-clients.js';
import { checkPeer, peerCheckFailures } from './bench-trading-peer/peer-checks.js';
import { PeerExchange } from './bench-trading-peer/peer-exchange.js';
import { mountPeerOrders, PEER_ORDERS_PATH } from './bench-trading-peer/peer-route.js';
import { createPeerSchema, seedPeer } from './bench-trading-peer/peer-schema.js';
import { setUpTradingBench } from './bench-trading-setup.js';

const list = (text: string): number[] => text.split(',').map(Number);
/** Client counts and market counts of the table's rows (every pair, ours and the peer each). */
const CLIENTS = list(process.env.BENCH_CLIENTS ?? '16,64');
const MARKETS = list(process.env.BENCH_MARKETS ?? '1,4');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
/**
 * Resting one-credit asks of the first market (every row trades there), so every buy POST is
 * exactly one matched trade: enough for the one-market rows and a quarter of the four-market
 * ones at ~1,000 trades/s; the other markets take only a quarter of the four-market rows.
 */
const ASKS = Number(process.env.BENCH_ASKS ?? 50_000);
const OTHER_MARKET_ASKS = Number(process.env.BENCH_OTHER_MARKET_ASKS ?? 12_000);
/** The peer's asks cost nothing to lay down (one INSERT … SELECT), so it never runs out. */
const PEER_ASKS = Number(process.env.BENCH_PEER_ASKS ?? 400_000);
/** The peer's connections, the product's pool size. */
const PEER_CONNECTIONS = Number(process.env.BENCH_PEER_CONNECTIONS ?? 20);
/** What the faucet pays each buyer in the set-up: 1,000,000.00 USD. */
const DEPOSIT_CENTS = 100_000_000;

interface Measured {
  readonly result: TradingClientsResult;
  readonly cpu: CpuUse | undefined;
  /** PostgreSQL's own counters over the window: commits and WAL bytes (both systems share the server). */
  readonly commits: number;
  readonly walBytes: number;
}

/** The counters pg_stat_database and pg_stat_wal keep for the whole server (flushed by backends within a second). */
async function serverCounters(pool: pg.Pool): Promise<{ commits: number; walBytes: number }> {
  const { rows } = await pool.query<{ commits: string; wal_bytes: string }>(
    `select (select sum(xact_commit) from pg_stat_database) as commits, (select wal_bytes from pg_stat_wal) as wal_bytes`,
  );
  return { commits: Number(rows[0]?.commits ?? 0), walBytes: Number(rows[0]?.wal_bytes ?? 0) };
}

/**
 * bench:trading — matched trades per second through HTTP (each buy POST crossing one resting
 * ask) for the product (POST /api/orders) and for the peer a team would build instead (a
 * conventional PostgreSQL exchange, one transaction per request with row locks, no event log:
 * bench-trading-peer/), in the same run on the same server and embedded PostgreSQL, at each
 * client count and market count (client i buys in market i mod n). Both pass the same session
 * lookup, CSRF check and zod contract, and keep the same guarantees: a durable per-user
 * Idempotency-Key stored with its answer, the cash reserved before the order enters the book,
 * delivery versus payment in one commit, and an answer that reads its own write (the peer's
 * commit is its read model). The clients run on a worker thread, so this thread's event loop is
 * the service's alone. After the run the peer's state is checked (cash sums to zero, no serial
 * owned twice); the bench fails if it is not.
 */
async function main(): Promise<void> {
  const announce = (): string =>
    `bench:trading — clients ${CLIENTS.join(', ')} × markets ${MARKETS.join(', ')}, ours and the peer, ${SECONDS} s each (+${WARMUP_SECONDS} s warm-up); load ${loadAverage(' / ')}; starting the service on a fresh embedded PostgreSQL…\n`;
  let exchange: PeerExchange | undefined;
  await withBenchService(
    'bench-trading',
    announce,
    async ({ app, config, baseUrl, runtime }) => {
      const maxMarkets = Math.max(...MARKETS);
      const { seller, buyers, markets } = await setUpTradingBench(app, baseUrl, {
        prefix: 'bench',
        asks: ASKS,
        otherMarketAsks: OTHER_MARKET_ASKS,
        markets: maxMarkets,
        buyers: Math.max(...CLIENTS),
        asksProjectedWithinMs: 180_000,
      });
      const peerPool = new pg.Pool({ ...runtime.readModelConnection, max: PEER_CONNECTIONS });
      try {
        await createPeerSchema(peerPool);
        const peerMarkets = markets.map((market) => ({ ...market, quantity: PEER_ASKS, asks: PEER_ASKS }));
        await seedPeer(peerPool, { sellerId: seller.userId, buyerIds: buyers.map((buyer) => buyer.userId), depositCents: DEPOSIT_CENTS, markets: peerMarkets });
        exchange = new PeerExchange(peerPool);

        const cpu = new CpuMeter(join(config.DATA_DIR, 'postgres'));
        const projections = app.get(ProjectionHost);
        const measure = async (input: TradingClientsInput): Promise<Measured> => {
          // Whatever the last run left to the read models is done before this one starts.
          await projections.waitFor(projectionNames, await runtime.eventStore.headPosition(), 120_000);
          await delay(1500);
          const clients = new Worker(new URL('./bench-trading-clients.js', import.meta.url), { workerData: input });
          let stopCpu: (() => CpuUse | undefined) | undefined;
          let before = { commits: 0, walBytes: 0 };
          let used: CpuUse | undefined;
          const result = await new Promise<TradingClientsResult>((resolve, reject) => {
            clients.on('message', (message: TradingClientsMessage) => {
              if (message.type === 'measuring') {
                stopCpu = cpu.start();
                void serverCounters(peerPool).then((counters) => (before = counters));
              } else {
                used = stopCpu?.();
                resolve(message.result);
              }
            });
            clients.once('error', reject);
            clients.once('exit', (code) => reject(new Error(`the client thread exited with ${code}`)));
          });
          await clients.terminate();
          await delay(1200);
          const after = await serverCounters(peerPool);
          return { result, cpu: used, commits: after.commits - before.commits, walBytes: after.walBytes - before.walBytes };
        };

        const rows: string[][] = [];
        const notes: string[] = [];
        let turn = 0;
        for (const clientCount of CLIENTS) {
          for (const marketCount of MARKETS) {
            const common = {
              baseUrl,
              buyers: buyers.slice(0, clientCount).map(({ userId, cookie, csrf }) => ({ userId, cookie, csrf })),
              body: markets[0]!.buyOrderBody,
              bodies: markets.slice(0, marketCount).map((market) => market.buyOrderBody),
              warmupSeconds: WARMUP_SECONDS,
              seconds: SECONDS,
            };
            const runOurs = (): Promise<Measured> => measure({ ...common, watcherCookie: seller.cookie });
            const runPeer = (): Promise<Measured> => measure({ ...common, path: PEER_ORDERS_PATH });
            // Which goes first alternates, so neither always has the fresher machine.
            const statementsBefore = exchange.statements;
            let ours: Measured;
            let peer: Measured;
            let peerStatements: number;
            if (turn % 2 === 0) {
              ours = await runOurs();
              const start = exchange.statements;
              peer = await runPeer();
              peerStatements = exchange.statements - start;
            } else {
              peer = await runPeer();
              peerStatements = exchange.statements - statementsBefore;
              ours = await runOurs();
            }
            turn += 1;
            const figures = (name: string, measured: Measured, statements?: number): { row: string[]; perSecond: number } => {
              const { seconds, trades, failures, latencies, clientCores } = measured.result;
              const perSecond = trades / seconds;
              const post = summarize(latencies);
              const used = measured.cpu;
              const perTrade = (cores: number): string => (perSecond > 0 ? String(round((cores * 1000) / perSecond, 2)) : 'n/a');
              const service = used ? used.ours - used.postgres - clientCores : 0;
              // Every request of the warm-up and the window, against the trades of the window: the peer counts its own statements.
              const totalTrades = trades + failures;
              return {
                perSecond,
                row: [
                  String(clientCount),
                  String(marketCount),
                  name,
                  formatInt(perSecond),
                  `${post.p50} / ${post.p99}`,
                  used ? `${perTrade(service)} / ${perTrade(clientCores)} / ${perTrade(used.postgres)}` : 'n/a',
                  used ? `${used.others}` : 'n/a',
                  trades > 0 ? `${round(measured.commits / trades, 2)} / ${formatInt(measured.walBytes / trades)}` : 'n/a',
                  String(failures),
                  statements !== undefined && totalTrades > 0 ? String(round(statements / (trades * (1 + WARMUP_SECONDS / seconds)), 1)) : '',
                ],
              };
            };
            const o = figures('ours', ours);
            const p = figures('peer', peer, peerStatements);
            rows.push([...o.row, formatRatio(p.perSecond > 0 ? o.perSecond / p.perSecond : undefined)], [...p.row, '']);
            const push = summarize(ours.result.pushLatencies);
            notes.push(
              `${clientCount} clients, ${marketCount} market(s): ours POST -> newTrade at socket p50 ${push.p50} / p99 ${push.p99} ms (${ours.result.pushLatencies.length} pushes); ` +
                `refused or unfilled: ours ${JSON.stringify(ours.result.failedAnswers)}, peer ${JSON.stringify(peer.result.failedAnswers)}`,
            );
          }
        }

        const issued = new Map(peerMarkets.map((market) => [market.batchId, market.quantity]));
        const check = await checkPeer(peerPool, issued);
        const failures = peerCheckFailures(check);
        const facts = machineFacts();
        process.stdout.write(
          [
            '',
            `machine: ${facts.nproc} cores (${facts.cpu}), ${facts.memoryGiB} GiB; node ${facts.node}; load at the end ${loadAverage(' / ')}`,
            renderTable(
              [
                'clients',
                'markets',
                'system',
                'trades/s',
                'POST p50 / p99 ms',
                'CPU ms/trade: service / clients / PG',
                'other procs (cores)',
                'PG commits / WAL bytes per trade',
                'refused',
                'peer statements/trade',
                'ours/peer',
              ],
              rows,
            ),
            ...notes,
            `peer check: ${check.trades} trades; posted Σ ${check.postedSum}, pending Σ ${check.pendingSum}; fee revenue ${check.feeRevenue} (expected ${check.feeExpected}); ` +
              `serials owned twice ${check.serialsOwnedTwice.length}; ${failures.length === 0 ? 'OK' : 'FAILED'}`,
            '',
          ].join('\n'),
        );
        if (failures.length > 0) throw new Error(`the peer's state is wrong after the run: ${failures.join('; ')}`);
      } finally {
        exchange = undefined;
        await peerPool.end();
      }
    },
    {},
    (app) => mountPeerOrders(app, () => exchange),
  );
}

runBench(import.meta.url, 'bench:trading', main);
