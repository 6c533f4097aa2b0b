import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { formatInt, loadAverage, machineFacts, renderTable, round, runBench, summarize } from '@carbon-ledger/bench-kit';
import { DEFAULT_OFFSET_TYPE, DEFAULT_RETIREMENT_STANDARD, type EventStore, isCreditEvent, serialPrefixFor } from '@carbon-ledger/contracts';
import { Wallet } from 'xrpl';
import {
  type AppConfig,
  type CommandContext,
  CREDIT_MARKETS,
  type CreditMarketStore,
  EVENT_STORE,
  ReactionHost,
  XrplConnection,
} from '@carbon-ledger/ledger-service/bench';
import { withBenchService } from './bench-service.js';
import type { TradingClientsInput, TradingClientsMessage, TradingClientsResult } from './bench-trading-clients.js';
import { setUpTradingBench } from './bench-trading-setup.js';

/** `mixed` (BENCH_MODE or the first argument): the retirements ride on bench:trading's load. */
const MIXED = (process.env.BENCH_MODE ?? process.argv[2]) === 'mixed';
const RATE = Number(process.env.BENCH_RATE ?? (MIXED ? 20 : 50));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
/** Resting one-credit asks for the trading clients: enough for the window at ~1,000 trades/s. */
const ASKS = Number(process.env.BENCH_ASKS ?? 80_000);
const TRADING_WARMUP_SECONDS = 3;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** How long the backlog left at the end may take to drain before the run gives up on it. */
const DRAIN_SECONDS = 120;
const SAMPLE_MS = 5_000;
const VINTAGE = 2026;
const BATCH_ID = 'WIND-2026-5E771E00';

function context(userId: string, now = new Date()): CommandContext {
  const commandId = randomUUID();
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role: 'issuer' }, now };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * bench:settlement — retires credits at a steady RATE per second for SECONDS through the
 * registry's command path, against the embedded service with the XRPL sandbox closing a
 * ledger a second, and measures the XRPL settlement reaction: the lag from each retirement
 * to its recorded settlement (the retirement memo validated on the ledger), and the backlog
 * of retirements not yet settled, sampled through the run and at its end.
 *
 * Mixed (`BENCH_MODE=mixed`): the same retirements (20/s by default) while bench:trading's 16
 * clients buy through the HTTP API, so the settlement reaction follows a log of mostly trading
 * events; it also samples the reaction's position lag and pending retirements from its health.
 */
async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = loadAverage(' / ');
  const announce = (config: AppConfig): string =>
    `bench:settlement${MIXED ? ` (mixed: with ${CLIENTS} trading clients)` : ''} — ${RATE} retirements/s for ${SECONDS} s, sandbox ledger close ${config.XRPL_LEDGER_CLOSE_MS} ms; starting the service on a fresh embedded PostgreSQL…\n`;
  await withBenchService('bench-settlement', announce, async ({ app, baseUrl }) => {
    await app.get(XrplConnection).ready;
    const trading = MIXED ? await setUpTradingBench(app, baseUrl, { prefix: 'bench', asks: ASKS, buyers: CLIENTS, asksProjectedWithinMs: 300_000 }) : undefined;
    const reactions = app.get(ReactionHost);
    const markets = app.get<CreditMarketStore>(CREDIT_MARKETS);
    const eventStore = app.get<EventStore>(EVENT_STORE);
    const holder = `bench-holder-${randomUUID().slice(0, 8)}`;
    const total = RATE * SECONDS;

    // Set-up (not measured): one registry batch large enough that no retirement empties it (no NFT burn).
    await markets.execute(
      'Wind Energy',
      VINTAGE,
      {
        type: 'IssueCredits',
        batch: {
          batchId: BATCH_ID,
          projectId: 'BENCH-SETTLEMENT',
          projectName: 'Settlement bench batch',
          projectType: 'Wind Energy',
          description: '',
          vintage: VINTAGE,
          standard: 'Gold Standard',
          methodology: 'bench',
          scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity: total * 2,
          serialPrefix: serialPrefixFor(BATCH_ID),
          accountId: holder,
          issuedBy: holder,
          xrplAddress: Wallet.generate().address,
          source: 'registry',
        },
      },
      context(holder),
      () => undefined,
    );

    const sentAt = new Map<string, number>();
    const lags: number[] = [];
    let settled = 0;
    const watch = eventStore.subscribeAll({ after: await eventStore.headPosition(), batchSize: 500, eventTypes: new Set(['XrplSettlementRecorded']) });
    const watching = (async () => {
      for await (const batch of watch) {
        for (const event of batch) {
          if (!isCreditEvent(event) || event.type !== 'XrplSettlementRecorded' || event.data.subject !== 'retirement') continue;
          const sent = sentAt.get(event.data.subjectId);
          if (sent === undefined) continue;
          lags.push(Date.parse(event.data.recordedAt) - sent);
          settled += 1;
        }
      }
    })();
    // The issuance's own settlement (mint, payment) before the clock starts.
    while (!(await markets.read('Wind Energy', VINTAGE, (state) => state.batches.get(BATCH_ID)?.settled.has(`issuance:${BATCH_ID}`)))) await sleep(100);

    // The trading clients run on a thread of their own, as in bench:trading; retirements start once they measure.
    let clients: Worker | undefined;
    let traded: Promise<TradingClientsResult> | undefined;
    if (trading) {
      const input: TradingClientsInput = {
        baseUrl,
        buyers: trading.buyers.map(({ userId, cookie, csrf }) => ({ userId, cookie, csrf })),
        watcherCookie: trading.seller.cookie,
        body: trading.buyOrderBody,
        warmupSeconds: TRADING_WARMUP_SECONDS,
        seconds: SECONDS,
      };
      const worker = new Worker(new URL('./bench-trading-clients.js', import.meta.url), { workerData: input });
      clients = worker;
      let measuring: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (measuring = resolve));
      traded = new Promise<TradingClientsResult>((resolve, reject) => {
        worker.on('message', (message: TradingClientsMessage) => {
          if (message.type === 'measuring') measuring();
          else resolve(message.result);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`the client thread exited with ${code}`)));
      });
      traded.catch(() => undefined);
      await started;
    }

    const backlog: { second: number; value: number; lagEvents: number; pending: number }[] = [];
    let refused = 0;
    const t0 = Date.now();
    const sample = async (): Promise<void> => {
      const second = Math.round((Date.now() - t0) / 1000);
      const value = sentAt.size - settled;
      const health = (await reactions.health()).find((follower) => follower.name === 'reaction:settle-credits-on-xrpl');
      backlog.push({ second, value, lagEvents: health?.lagEvents ?? -1, pending: health?.pendingEvents ?? -1 });
    };
    const sampler = setInterval(() => void sample().catch(() => undefined), SAMPLE_MS);
    const retiring: Promise<unknown>[] = [];
    for (let n = 0; n < total; n += 1) {
      await sleep(t0 + (n * 1000) / RATE - Date.now());
      const retirementId = randomUUID();
      const now = new Date();
      sentAt.set(retirementId, now.getTime());
      retiring.push(
        markets
          .execute(
            'Wind Energy',
            VINTAGE,
            {
              type: 'RetireCredits',
              retirementId,
              batchId: BATCH_ID,
              accountId: holder,
              quantity: 1,
              beneficiary: 'Bench Ltd',
              purpose: 'bench:settlement',
              standard: DEFAULT_RETIREMENT_STANDARD,
              offsetType: DEFAULT_OFFSET_TYPE,
              retiredBy: holder,
            },
            context(holder, now),
            () => undefined,
          )
          .catch(() => {
            refused += 1;
            sentAt.delete(retirementId);
          }),
      );
    }
    await Promise.all(retiring);
    const window = (Date.now() - t0) / 1000;
    clearInterval(sampler);
    const tradingResult = traded ? await traded : undefined;
    await clients?.terminate();
    const backlogAtEnd = sentAt.size - settled;
    const drainStart = Date.now();
    while (settled < sentAt.size && Date.now() - drainStart < DRAIN_SECONDS * 1000) await sleep(100);
    const drained = settled === sentAt.size ? round((Date.now() - drainStart) / 1000, 1) : undefined;
    await watch.close();
    await watching;

    const lag = summarize(lags);
    const loadAfter = loadAverage(' / ');
    const facts = machineFacts();
    process.stdout.write(
      [
        '',
        `date: ${started.toISOString()}; machine: ${facts.nproc} cores (${facts.cpu}), ${facts.memoryGiB} GiB; node ${facts.node}`,
        `load average (1/5/15 min) before: ${loadBefore}, after: ${loadAfter}`,
        renderTable(
          ['measure', 'value', 'target'],
          [
            [
              'retirements sent (rate, window s)',
              `${formatInt(sentAt.size)} (${round(sentAt.size / window, 1)}/s, ${round(window, 1)})`,
              `${RATE}/s for ${SECONDS} s`,
            ],
            ['refused retirements', String(refused), '0'],
            ['settlement lag p50 s', String(round(lag.p50 / 1000, 2)), ''],
            ['settlement lag p95 s', String(round(lag.p95 / 1000, 2)), ''],
            ['settlement lag p99 s', String(round(lag.p99 / 1000, 2)), '< 10'],
            ['settlement lag max s', String(round(lag.max / 1000, 2)), ''],
            ['backlog at the end (not yet settled)', formatInt(backlogAtEnd), 'not growing'],
            ['backlog every 5 s (retirements not settled)', backlog.map((sample) => sample.value).join(' '), 'flat'],
            ...(MIXED
              ? [
                  ['reaction position lag every 5 s (events)', backlog.map((sample) => sample.lagEvents).join(' '), ''],
                  ['reaction pending every 5 s (its types)', backlog.map((sample) => sample.pending).join(' '), ''],
                  [`matched trades/s (HTTP, ${CLIENTS} clients)`, tradingResult ? formatInt(tradingResult.trades / tradingResult.seconds) : 'n/a', ''],
                  ['refused or unfilled POSTs', tradingResult ? String(tradingResult.failures) : 'n/a', '0'],
                ]
              : []),
            ['drained after the end in s', drained === undefined ? `not within ${DRAIN_SECONDS}` : String(drained), ''],
          ],
        ),
        '',
      ].join('\n'),
    );
  });
}

runBench(import.meta.url, 'bench:settlement', main);
