import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CommandBus } from '@nestjs/cqrs';
import { formatInt, loadAverage, machineFacts, renderTable, round, runBench, summarize } from '@carbon-ledger/bench-kit';
import { Wallet } from 'xrpl';
import { RegisterUserCommand } from '../auth/commands/register-user.handler.js';
import { loadConfig } from '../config/config.js';
import { createApp } from '../create-app.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import { CONFLICT_LOG_LINE, type CreditMarketStore } from '../credit-market/credit-market.store.js';
import { openRuntime } from '../open-runtime.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { platformWalletsFile } from '../infrastructure/xrpl/platform-wallets.js';
import type { CommandContext } from '../shared/command-context.js';
import { freePorts } from '../shared/free-port.js';
import type { TradingClientsInput, TradingClientsMessage, TradingClientsResult } from './bench-trading-clients.js';
import { type ClusterClient, fundWithTestUsd, type Instance, signIn, startInstance, verifyKyc } from './cluster-harness.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
/** Resting one-credit asks for both runs: every buy POST is exactly one matched trade. */
const ASKS = Number(process.env.BENCH_ASKS ?? 40_000);
const VINTAGE = 2026;
/** On this 2-core machine three instances must keep this share of one's trades/s (no conflict storm). */
const TARGET_RATIO = 0.8;

function context(userId: string): CommandContext {
  const commandId = randomUUID();
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role: 'trader' }, now: new Date() };
}

interface Run {
  readonly instances: number;
  readonly result: TradingClientsResult;
  readonly conflicts: number;
  readonly load: string;
}

/** The 16 clients of bench:trading (their own thread) against these instances; conflicts counted over the measured window. */
async function measure(instances: readonly Instance[], buyers: readonly ClusterClient[], watcher: ClusterClient): Promise<Run> {
  const conflicts = (): number => instances.reduce((sum, instance) => sum + instance.count(CONFLICT_LOG_LINE), 0);
  const input: TradingClientsInput = {
    // The socket listens on the last instance: newTrade crosses instances when the clients post elsewhere.
    baseUrl: instances.at(-1)!.baseUrl,
    baseUrls: instances.map((instance) => instance.baseUrl),
    buyers: buyers.map(({ userId, cookie, csrf }) => ({ userId, cookie, csrf })),
    watcherCookie: watcher.cookie,
    body: JSON.stringify({ type: 'buy', amount: 1, price: '10.00', projectType: 'Solar Energy', vintage: VINTAGE }),
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
  };
  const clients = new Worker(new URL('./bench-trading-clients.js', import.meta.url), { workerData: input });
  let before = 0;
  const result = await new Promise<TradingClientsResult>((resolve, reject) => {
    clients.on('message', (message: TradingClientsMessage) => {
      if (message.type === 'measuring') before = conflicts();
      else resolve(message.result);
    });
    clients.once('error', reject);
    clients.once('exit', (code) => reject(new Error(`the client thread exited with ${code}`)));
  });
  const load = loadAverage();
  await clients.terminate();
  return { instances: instances.length, result, conflicts: conflicts() - before, load };
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
  const dataDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-bench-cluster-'));
  const [port, postgresPort, sandboxPort] = (await freePorts(3)) as [number, number, number];
  const { DATABASE_URL: _external, ...env } = process.env;
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(postgresPort),
    XRPL_SANDBOX_PORT: String(sandboxPort),
    LOG_LEVEL: 'error',
    SEAL_INTERVAL_MS: '0',
  });
  const facts = machineFacts();
  process.stdout.write(
    `bench:cluster — ${CLIENTS} clients, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up) with 1 and with 3 service processes on one PostgreSQL; load average ${facts.loadAverageAtStart}\n`,
  );
  const opened = await openRuntime(config, () => undefined);
  const instances: Instance[] = [];
  try {
    // Set-up (not measured) in this process, as bench:trading does it; then this process serves nothing.
    const app = await createApp(opened.runtime, { logs: false });
    await app.listen(port, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${port}`;
    const commands = app.get(CommandBus);
    const projections = app.get(ProjectionHost);
    const markets = app.get<CreditMarketStore>(CREDIT_MARKETS);
    const register = async (name: string): Promise<ClusterClient> => {
      const password = `pw-${randomUUID()}`;
      const email = `${name}-${randomUUID().slice(0, 8)}@cluster.test`;
      const registered = await commands.execute(new RegisterUserCommand({ email, name, password, roles: ['trader', 'issuer'] }, context('system')));
      await projections.waitFor(['users'], registered.position, 10_000);
      return signIn(baseUrl, email, password);
    };
    const seller = await register('cluster-seller');
    const batchId = 'SOLAR-2026-C1057E00';
    await markets.execute(
      'Solar Energy',
      VINTAGE,
      {
        type: 'IssueCredits',
        batch: {
          batchId,
          projectId: 'BENCH',
          projectName: 'Bench batch',
          projectType: 'Solar Energy',
          description: '',
          vintage: VINTAGE,
          standard: 'Gold Standard',
          methodology: 'bench',
          scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity: ASKS,
          serialPrefix: `NXCC-${batchId}`,
          accountId: seller.userId,
          issuedBy: seller.userId,
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          source: 'xrpl',
        },
      },
      context(seller.userId),
      () => undefined,
    );
    let last;
    for (let placed = 0; placed < ASKS; placed += 1000) {
      const results = await Promise.all(
        Array.from({ length: Math.min(1000, ASKS - placed) }, () =>
          markets.execute(
            'Solar Energy',
            VINTAGE,
            {
              type: 'PlaceOrder',
              orderId: randomUUID(),
              ownerId: seller.userId,
              order: { type: 'sell', amount: 1, price: '10.00', projectType: 'Solar Energy', vintage: VINTAGE },
            },
            context(seller.userId),
            () => undefined,
          ),
        ),
      );
      last = results.at(-1)?.position;
    }
    if (last) await projections.waitFor(['order-book', 'credit-registry', 'credit-trades'], last, 180_000);
    const buyers: ClusterClient[] = [];
    for (let index = 0; index < CLIENTS; index += 1) buyers.push(await register(`cluster-buyer-${index}`));
    for (const buyer of buyers) await verifyKyc(baseUrl, buyer, Wallet.generate());
    // Buy orders are paid for (docs/funds.md).
    for (const buyer of buyers) await fundWithTestUsd(baseUrl, buyer);
    await app.close();

    // The instances share the database, the sandbox node and the platform wallets by environment, as on several machines.
    const wallets = JSON.parse(readFileSync(platformWalletsFile(config), 'utf8')) as Record<string, string>;
    const instanceEnv = (name: string): Record<string, string> => ({
      DATABASE_URL: String(opened.runtime.readModelConnection.connectionString),
      XRPL_URL: opened.runtime.xrpl.url,
      XRPL_NETWORK: 'sandbox',
      XRPL_ISSUER_SEED: wallets.issuer ?? '',
      XRPL_MARKET_MAKER_SEED: wallets.market_maker ?? '',
      XRPL_KYC_ISSUER_SEED: wallets.kyc_issuer ?? '',
      XRPL_AUDIT_ANCHOR_SEED: wallets.audit_anchor ?? '',
      XRPL_DEPOSIT_SEED: wallets.deposit ?? '',
      DATA_DIR: join(dataDir, name),
      // Debug: the store's conflict lines are counted; nothing else logs at that level on this path.
      LOG_LEVEL: 'debug',
      SEAL_INTERVAL_MS: '0',
    });
    instances.push(await startInstance('1', instanceEnv('instance-1')));
    const one = await measure(instances, buyers, seller);
    instances.push(...(await Promise.all([startInstance('2', instanceEnv('instance-2')), startInstance('3', instanceEnv('instance-3'))])));
    const three = await measure(instances, buyers, seller);

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
          ['instances', 'matched trades/s', 'POST p50 ms', 'POST p99 ms', 'newTrade p99 ms', 'conflict retries/trade', 'failed POSTs', 'load avg after'],
          [row(one), row(three)],
        ),
        `3 instances / 1: ${round(ratio, 2)} (target >= ${TARGET_RATIO})`,
        '',
      ].join('\n'),
    );
    return ratio >= TARGET_RATIO ? 0 : 1;
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    // BENCH_CLUSTER_LOGS=<dir>: what each instance printed, to look into a figure.
    if (process.env.BENCH_CLUSTER_LOGS) {
      mkdirSync(process.env.BENCH_CLUSTER_LOGS, { recursive: true });
      for (const instance of instances) writeFileSync(join(process.env.BENCH_CLUSTER_LOGS, `instance-${instance.name}.log`), instance.output());
    }
    await opened.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(import.meta.url, 'bench:cluster', main);
