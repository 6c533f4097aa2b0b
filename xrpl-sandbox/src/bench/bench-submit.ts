/**
 * `npm run bench:xrpl`: how many XRP payments per second the sandbox validates through the
 * unmodified xrpl.js client, and how long `submitAndWait` takes.
 *
 * Per configuration (ledger close interval 1000 ms as `npm start` runs it, then 100 ms):
 * a fresh sandbox with a temporary data directory (persisted like `npm start`), 8 submitters,
 * each with its own funded wallet and WebSocket connection, paying XRP to one destination in a
 * closed loop of autofill -> sign -> submitAndWait. An observer connection subscribed to the
 * ledger and transactions streams records when each payment was actually validated.
 * The sandbox runs in this process, so client and node share the same event loop and cores.
 *
 * Env: BENCH_SECONDS (measured window per configuration, default 20), BENCH_WARMUP_SECONDS
 * (default 2), BENCH_INTERVALS (close intervals in ms, default "1000,100").
 * Prints a table and writes ./.data/bench/bench-xrpl.json. Exit codes: 0 ran, 1 failed
 * (a payment failed or did not validate, balances do not add up, or the run crashed).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { CpuUse, LatencySummary as Percentiles, MachineFacts } from '@carbon-ledger/bench-kit';
import {
  benchOutputPath,
  CpuMeter,
  envNumber,
  machineFacts,
  machineFactsAtEnd,
  renderTable,
  round,
  runBench,
  summarize as percentiles,
  writeFigures,
} from '@carbon-ledger/bench-kit';
import { Client, type LedgerStream, type Payment, type TransactionStream, Wallet } from 'xrpl';
import { type Sandbox, startSandbox } from '../sandbox.js';

interface BenchConfig {
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly intervalsMs: readonly number[];
  readonly submitters: number;
  readonly outputPath: string;
}

interface LatencySummary extends Percentiles {
  readonly count: number;
}

interface RunResult {
  readonly closeIntervalMs: number;
  readonly submitters: number;
  readonly windowSeconds: number;
  /** Payments whose submitAndWait finished inside the window, validated tesSUCCESS. */
  readonly transactions: number;
  readonly transactionsPerSecond: number;
  /** Payments started in any phase (warm-up, window, drain). */
  readonly totalSubmitted: number;
  readonly failed: number;
  readonly failures: readonly string[];
  readonly submitAndWaitMs: LatencySummary;
  /** submitAndWait calls that needed a second xrpl.js poll (>= 2 poll intervals; 1.0-2.0 s is one poll plus scheduling delay). */
  readonly multiPoll: number;
  readonly autofillMs: LatencySummary;
  /** From the submitAndWait call to the validated transaction arriving on the stream. */
  readonly validatedOnStreamMs: LatencySummary;
  readonly ledgersClosed: number;
  readonly ledgersWithTransactions: number;
  readonly meanTransactionsPerLedger: number;
  /** Gaps between ledger closes seen on the stream; above the interval = a busy event loop. */
  readonly closeGapMs: { readonly mean: number; readonly max: number };
  /** Wall-clock share of the window the loop was not idle; counts time spent waiting for a CPU on a busy machine. */
  readonly eventLoopUtilization: number;
  readonly eventLoopDelayP99Ms: number;
  readonly cpu: CpuUse | undefined;
  readonly persistedStateBytes: number;
  readonly balanceCheck: { readonly expectedDrops: string; readonly actualDrops: string; readonly ok: boolean };
}

const SUBMITTERS = 8;
const PAYMENT_DROPS = 1_000n;
const FUNDING_DROPS = 10_000_000_000n; // 10,000 XRP: far more than fees + payments need
/** xrpl.js (sugar/submit.js LEDGER_CLOSE_TIME): submitAndWait sleeps this long before each `tx` poll. */
const XRPL_JS_POLL_MS = 1000;
const MAX_FAILURES_KEPT = 10;

function readConfig(env: NodeJS.ProcessEnv): BenchConfig {
  const number = (name: string, fallback: number, min: number): number => envNumber(env, name, fallback, min);
  const intervalsText = env['BENCH_INTERVALS'] ?? '';
  const intervalsMs = intervalsText === '' ? [1000, 100] : intervalsText.split(',').map((part) => Number(part.trim()));
  if (intervalsMs.some((interval) => !Number.isInteger(interval) || interval < 10)) {
    throw new Error(`BENCH_INTERVALS must be integers >= 10 (ms), got "${intervalsText}"`);
  }
  return {
    seconds: number('BENCH_SECONDS', 20, 1),
    warmupSeconds: number('BENCH_WARMUP_SECONDS', 2, 0),
    intervalsMs,
    submitters: SUBMITTERS,
    outputPath: benchOutputPath('bench-xrpl.json'),
  };
}

/** Nearest-rank percentiles (ms), to a tenth of a millisecond. */
function summarize(values: readonly number[]): LatencySummary {
  return { count: values.length, ...percentiles(values, 1) };
}

function ms(value: number): string {
  return Number.isFinite(value) ? value.toFixed(0) : 'n/a';
}

function describeError(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n', 1)[0] ?? error.name) : String(error);
}

async function connect(url: string): Promise<Client> {
  const client = new Client(url);
  await client.connect();
  return client;
}

async function validatedBalance(client: Client, address: string): Promise<bigint> {
  const info = await client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
  return BigInt(info.result.account_data.Balance);
}

/** Funds the submitters and the destination from genesis in one ledger (setup, not measured). */
async function fund(client: Client, sandbox: Sandbox, addresses: readonly string[]): Promise<void> {
  const genesis = Wallet.fromSeed(sandbox.genesis.seed);
  const payment: Payment = {
    TransactionType: 'Payment',
    Account: genesis.address,
    Destination: addresses[0] ?? '',
    Amount: FUNDING_DROPS.toString(),
  };
  const first = await client.autofill(payment);
  const sequence = first.Sequence ?? 0;
  for (const [index, destination] of addresses.entries()) {
    const tx: Payment = { ...first, Destination: destination, Sequence: sequence + index };
    const response = await client.request({ command: 'submit', tx_blob: genesis.sign(tx).tx_blob });
    if (response.result.engine_result !== 'tesSUCCESS') {
      throw new Error(`funding ${destination}: ${response.result.engine_result}`);
    }
  }
  await sandbox.ledgerAccept();
  for (const address of addresses) {
    if ((await validatedBalance(client, address)) !== FUNDING_DROPS) throw new Error(`${address} was not funded`);
  }
}

async function runConfiguration(config: BenchConfig, closeIntervalMs: number, progress: (message: string) => void): Promise<RunResult> {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-xrpl-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  // Newest first: clients disconnect before the sandbox closes, so they never try to reconnect.
  const unwind = async (keep = 0): Promise<void> => {
    for (const cleanup of cleanups.splice(keep).reverse()) {
      await cleanup().catch((error: unknown) => console.error(`cleanup: ${describeError(error)}`));
    }
  };
  try {
    // Persisted to disk like `npm start` (open-runtime passes a dataDir).
    const sandbox = await startSandbox({ port: 0, dataDir, ledgerCloseIntervalMs: closeIntervalMs });
    cleanups.push(() => sandbox.close());
    const observer = await connect(sandbox.url);
    cleanups.push(() => observer.disconnect());

    const wallets = Array.from({ length: config.submitters }, () => Wallet.generate());
    const destination = Wallet.generate();
    await fund(observer, sandbox, [...wallets.map((wallet) => wallet.address), destination.address]);
    const clients = await Promise.all(wallets.map(() => connect(sandbox.url)));
    cleanups.push(async () => {
      await Promise.all(clients.map((client) => client.disconnect()));
    });
    const destinationBefore = await validatedBalance(observer, destination.address);

    // Stream observations: when each payment was validated, and when ledgers closed.
    const validatedAt = new Map<string, number>();
    const ledgerCloses: { at: number; txCount: number }[] = [];
    observer.on('transaction', (tx: TransactionStream) => {
      if (tx.validated === true && tx.hash !== undefined) validatedAt.set(tx.hash, performance.now());
    });
    observer.on('ledgerClosed', (ledger: LedgerStream) => ledgerCloses.push({ at: performance.now(), txCount: ledger.txn_count }));
    await observer.request({ command: 'subscribe', streams: ['ledger', 'transactions'] });

    progress(`close interval ${closeIntervalMs} ms: ${config.submitters} submitters, ${config.warmupSeconds} s warm-up + ${config.seconds} s window`);
    const t0 = performance.now();
    const windowStart = t0 + config.warmupSeconds * 1000;
    const windowEnd = windowStart + config.seconds * 1000;
    const inWindow = (at: number): boolean => at >= windowStart && at <= windowEnd;

    const submitAndWaitMs: number[] = [];
    const autofillMs: number[] = [];
    const submittedAt = new Map<string, number>();
    const failures: string[] = [];
    let failed = 0;
    let succeeded = 0;
    let started = 0;
    let measured = 0;

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    let stopCpu: (() => CpuUse | undefined) | undefined;
    let eluStart: ReturnType<typeof performance.eventLoopUtilization> | undefined;
    let windowEndStats: { cpu: CpuUse | undefined; elu: number; delayP99: number } | undefined;
    const windowTimers = [
      setTimeout(() => {
        stopCpu = new CpuMeter().start();
        eluStart = performance.eventLoopUtilization();
        loopDelay.enable();
      }, windowStart - t0),
      setTimeout(() => {
        loopDelay.disable();
        windowEndStats = {
          cpu: stopCpu?.(),
          elu: eluStart ? performance.eventLoopUtilization(eluStart).utilization : Number.NaN,
          delayP99: loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 : Number.NaN,
        };
      }, windowEnd - t0),
    ];

    const submitter = async (index: number): Promise<void> => {
      const wallet = wallets[index];
      const client = clients[index];
      if (wallet === undefined || client === undefined) throw new RangeError(`no submitter ${index}`);
      // Closed loop: a new payment starts only after the previous one validated.
      while (performance.now() < windowEnd) {
        started += 1;
        try {
          const autofillStart = performance.now();
          const prepared = await client.autofill({
            TransactionType: 'Payment',
            Account: wallet.address,
            Destination: destination.address,
            Amount: PAYMENT_DROPS.toString(),
          });
          const signed = wallet.sign(prepared);
          const submitStart = performance.now();
          submittedAt.set(signed.hash, submitStart);
          const response = await client.submitAndWait(signed.tx_blob);
          const finished = performance.now();
          const meta = response.result.meta;
          const result = typeof meta === 'object' ? meta.TransactionResult : 'no metadata';
          if (response.result.validated !== true || result !== 'tesSUCCESS') {
            throw new Error(`${signed.hash}: validated=${String(response.result.validated)} result=${result}`);
          }
          succeeded += 1;
          if (inWindow(finished)) {
            measured += 1;
            submitAndWaitMs.push(finished - submitStart);
            autofillMs.push(submitStart - autofillStart);
          }
        } catch (error) {
          failed += 1;
          if (failures.length < MAX_FAILURES_KEPT) failures.push(`submitter ${index}: ${describeError(error)}`);
          return; // the run has failed; retrying a broken connection would only spin
        }
      }
    };
    // A hung submitAndWait must fail the run, not hang it.
    const deadlineMs = (config.warmupSeconds + config.seconds) * 1000 + 60_000;
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(wallets.map((_, index) => submitter(index))),
      new Promise<never>((_, reject) => {
        deadline = setTimeout(() => reject(new Error(`submitters still running after ${deadlineMs / 1000} s`)), deadlineMs);
      }),
    ]).finally(() => {
      clearTimeout(deadline);
      for (const timer of windowTimers) clearTimeout(timer);
    });
    const stats = windowEndStats ?? { cpu: undefined, elu: Number.NaN, delayP99: Number.NaN };

    // Every validated payment (warm-up and drain included) must show up at the destination.
    const destinationAfter = await validatedBalance(observer, destination.address);
    const expected = PAYMENT_DROPS * BigInt(succeeded);
    const balanceCheck = {
      expectedDrops: expected.toString(),
      actualDrops: (destinationAfter - destinationBefore).toString(),
      ok: destinationAfter - destinationBefore === expected,
    };

    const validatedLatencies: number[] = [];
    for (const [hash, submitStart] of submittedAt) {
      const at = validatedAt.get(hash);
      if (at !== undefined && inWindow(at)) validatedLatencies.push(at - submitStart);
    }
    const windowCloses = ledgerCloses.filter((close) => inWindow(close.at));
    const gaps = windowCloses.slice(1).map((close, index) => close.at - (windowCloses[index]?.at ?? close.at));
    const withTxs = windowCloses.filter((close) => close.txCount > 0);
    const txsInLedgers = windowCloses.reduce((sum, close) => sum + close.txCount, 0);

    await unwind(1); // disconnects and closes the sandbox (which persists), keeping the data dir
    let persistedStateBytes = 0;
    try {
      persistedStateBytes = statSync(join(dataDir, 'ledger.json')).size;
    } catch {
      // no state file: reported as 0
    }

    return {
      closeIntervalMs,
      submitters: config.submitters,
      windowSeconds: config.seconds,
      transactions: measured,
      transactionsPerSecond: round(measured / config.seconds, 2),
      totalSubmitted: started,
      failed,
      failures,
      submitAndWaitMs: summarize(submitAndWaitMs),
      multiPoll: submitAndWaitMs.filter((latency) => latency >= 2 * XRPL_JS_POLL_MS).length,
      autofillMs: summarize(autofillMs),
      validatedOnStreamMs: summarize(validatedLatencies),
      ledgersClosed: windowCloses.length,
      ledgersWithTransactions: withTxs.length,
      meanTransactionsPerLedger: round(withTxs.length > 0 ? txsInLedgers / withTxs.length : 0, 2),
      closeGapMs: {
        mean: round(gaps.length > 0 ? gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length : Number.NaN, 1),
        max: round(gaps.length > 0 ? Math.max(...gaps) : Number.NaN, 1),
      },
      eventLoopUtilization: round(stats.elu, 3),
      eventLoopDelayP99Ms: round(stats.delayP99, 1),
      cpu: stats.cpu,
      persistedStateBytes,
      balanceCheck,
    };
  } finally {
    await unwind();
  }
}

function report(facts: MachineFacts, config: BenchConfig, results: readonly RunResult[]): string {
  const main = renderTable(
    ['Close interval', 'Submitters', 'Tx', 'Failed', 'Tx/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', '2nd poll'],
    results.map((result) => [
      `${result.closeIntervalMs} ms${result.closeIntervalMs === 1000 ? ' (npm start)' : ''}`,
      String(result.submitters),
      String(result.transactions),
      String(result.failed),
      result.transactionsPerSecond.toFixed(2),
      ms(result.submitAndWaitMs.p50),
      ms(result.submitAndWaitMs.p95),
      ms(result.submitAndWaitMs.p99),
      ms(result.submitAndWaitMs.max),
      String(result.multiPoll),
    ]),
  );
  const detail = renderTable(
    ['Close interval', 'validated p50/p99 ms', 'autofill p50 ms', 'ledgers', 'tx/ledger', 'close gap mean/max ms', 'CPU us/oth', 'CPU ms/tx'],
    results.map((result) => [
      `${result.closeIntervalMs} ms`,
      `${ms(result.validatedOnStreamMs.p50)}/${ms(result.validatedOnStreamMs.p99)}`,
      result.autofillMs.p50.toFixed(1),
      `${result.ledgersWithTransactions}/${result.ledgersClosed}`,
      result.meanTransactionsPerLedger.toFixed(1),
      `${result.closeGapMs.mean.toFixed(0)}/${result.closeGapMs.max.toFixed(0)}`,
      result.cpu ? `${result.cpu.ours.toFixed(2)}/${result.cpu.others.toFixed(2)}` : 'n/a',
      result.cpu && result.transactions > 0 ? ((result.cpu.ours * result.windowSeconds * 1000) / result.transactions).toFixed(1) : 'n/a',
    ]),
  );
  return [
    `bench:xrpl  ${facts.date}`,
    `machine: ${facts.nproc} CPUs (${facts.cpu}), ${facts.memoryGiB} GiB, ${facts.platform}, Node ${facts.node}, load ${facts.loadAverageAtStart}`,
    `setup: xrpl-sandbox and the xrpl.js clients run in this one Node process (one event loop); fresh sandbox per row, state persisted to a temp dir like npm start;`,
    `       ${config.submitters} submitters, each its own ed25519 wallet and connection, closed loop of autofill + sign + submitAndWait of a ${PAYMENT_DROPS} drop XRP Payment to one account;`,
    `       ${config.warmupSeconds} s warm-up, then a ${config.seconds} s window (Tx = submitAndWait calls that returned validated tesSUCCESS inside it).`,
    '',
    'submitAndWait (xrpl.js) throughput and latency',
    main,
    '',
    'Where the time goes (same window)',
    detail,
    '',
    'validated: submitAndWait call -> the validated transaction arriving on a transactions-stream subscription.',
    'ledgers: closed ledgers holding payments / all closed ledgers; close gap: time between closes seen on the stream.',
    'CPU us/oth: cores used by this process (sandbox + clients) / by other processes on the machine (noise from other runs);',
    "CPU ms/tx: this process's CPU per validated payment, client and sandbox together.",
    '',
    `Latency is waiting, not work. submitAndWait (xrpl.js 5.3) sleeps a fixed ${XRPL_JS_POLL_MS} ms after submitting, then sends`,
    `\`ledger\` + \`tx\`, and repeats every ${XRPL_JS_POLL_MS} ms until the payment is validated. With a close interval <= ${XRPL_JS_POLL_MS} ms the`,
    'ledger closes during that first sleep, so its latency is ~1 s + two round trips whatever the interval: the wait for the',
    `ledger to close ("validated") is hidden inside the client's sleep, and Tx/s ~= ${config.submitters} submitters / ~1.1 s in both rows.`,
    'A shorter interval validates payments sooner but does not speed up submitAndWait; a caller waiting on the transactions',
    'stream would see the "validated" figures. "2nd poll": the close came after the first poll (>= 2 s). The process uses a small',
    "fraction of a core (CPU us), so Tx/s here measures the client wait, not the node's capacity.",
  ].join('\n');
}

export async function main(): Promise<number> {
  const config = readConfig(process.env);
  const facts = machineFacts();
  const zero = performance.now();
  const progress = (message: string): void => {
    console.error(`[${((performance.now() - zero) / 1000).toFixed(1)} s] ${message}`);
  };
  const results: RunResult[] = [];
  for (const interval of config.intervalsMs) results.push(await runConfiguration(config, interval, progress));
  progress('done');

  console.log(report(facts, config, results));
  const problems: string[] = [];
  for (const result of results) {
    const label = `close interval ${result.closeIntervalMs} ms`;
    if (result.failed > 0) problems.push(`${label}: ${result.failed} payments failed: ${result.failures.join('; ')}`);
    if (result.transactions === 0) problems.push(`${label}: no payment validated inside the window`);
    if (!result.balanceCheck.ok) {
      problems.push(`${label}: destination received ${result.balanceCheck.actualDrops} drops, expected ${result.balanceCheck.expectedDrops}`);
    }
  }
  writeFigures(config.outputPath, {
    machine: machineFactsAtEnd(facts),
    config: { ...config, paymentDrops: Number(PAYMENT_DROPS), xrplJsPollMs: XRPL_JS_POLL_MS, sandboxInProcess: true },
    results,
    ok: problems.length === 0,
    problems,
  });
  console.log(`\nwrote ${config.outputPath}`);
  if (problems.length > 0) {
    console.error(`bench:xrpl FAILED:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

runBench(import.meta.url, 'bench:xrpl', main);
