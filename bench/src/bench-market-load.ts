/**
 * `npm run bench:market-load`: how long a cold load of a credit market takes, and how much
 * heap it keeps, when the market's stream is long (1.3 s and 72 MB at 142,237
 * events before snapshots; target < 200 ms and < 50 MB at 1,000,000 events).
 *
 * On a fresh embedded PostgreSQL, one market stream is built through the real schema and
 * hash chain: commands (issues, buy and sell orders that trade, cancels, transfers) are
 * decided by the market's decider and their events, with the ids, metadata, canonical JSON
 * and chained hashes the store would give them, are inserted in chunks with the store's own
 * known-heads INSERT (appending a million events one command at a time through the store
 * would take an hour here). The state at the end of that bulk part is saved as the store
 * would save its snapshot; the last BENCH_TAIL_EVENTS events then go through the real
 * CreditMarketStore, which takes its own snapshots as it goes.
 *
 * The cold loads run in a child process started with --expose-gc, so the heap it keeps is
 * measured after a collection, apart from the builder's memory: a new store per load, the
 * time to its first answer, and the heap it holds afterwards.
 *
 * Env: BENCH_MARKET_EVENTS (1000000), BENCH_TAIL_EVENTS (2500), BENCH_ROUNDS (3),
 * BENCH_FULL_FOLD (1: also a load without snapshots, the whole stream folded; needs ~1 KB
 * of heap per event). Prints a table and writes ./.data/bench/bench-market-load.json.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import v8 from 'node:v8';
import {
  benchOutputPath,
  envNumber,
  formatInt,
  machineFacts,
  machineFactsAtEnd,
  machineSummary,
  median,
  renderTable,
  runBench,
  writeFigures,
} from '@carbon-ledger/bench-kit';
import { chainContentTexts, creditMarketStreamId, type PlaceOrderRequest, seededRandom } from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import {
  type CommandContext,
  createPool,
  type CreditMarketCommand,
  type CreditMarketState,
  CreditMarketStore,
  decideCreditMarket,
  deriveId,
  DomainError,
  evolveCreditMarket,
  freePort,
  initialCreditMarketState,
  INSERT_KNOWN_HEADS,
  marketStateCodec,
  PostgresEventStore,
  PostgresSnapshotStore,
  runMigrations,
  startEmbeddedPostgres,
  toEventsToAppend,
} from '@carbon-ledger/ledger-service/bench';

const PROJECT = 'Solar Energy';
const VINTAGE = 2030;
const MARKET = { projectType: PROJECT, vintage: VINTAGE } as const;
const ACCOUNTS = 200;
const CHUNK = 2_000;

const account = (n: number): string => `acct-${n.toString().padStart(4, '0')}`;

/** A market's traffic: each account issued once, then orders that trade, some cancels and transfers. */
function nextCommand(next: () => number, state: CreditMarketState, step: number): CreditMarketCommand {
  if (step < ACCOUNTS) {
    const batchId = `SOLAR-${VINTAGE}-${(0x10000000 + step).toString(16).toUpperCase()}`;
    return {
      type: 'IssueCredits',
      batch: {
        batchId,
        projectId: `P-${step}`,
        projectName: `Project ${step}`,
        projectType: PROJECT,
        description: '',
        vintage: VINTAGE,
        standard: 'Gold Standard',
        methodology: 'AMS-I.D.',
        scopes: { scope1: 50, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
        quantity: 5_000_000,
        serialPrefix: `NXCC-${batchId}`,
        accountId: account(step),
        issuedBy: account(step),
        xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        source: 'registry',
      },
    };
  }
  const who = account(Math.floor(next() * ACCOUNTS));
  const roll = next();
  if (roll < 0.9) {
    const order: PlaceOrderRequest = {
      type: roll < 0.45 ? 'sell' : 'buy',
      amount: 1 + Math.floor(next() * 10),
      price: `${10 + Math.floor(next() * 2)}.${next() < 0.5 ? '00' : '50'}`,
      projectType: PROJECT,
      vintage: VINTAGE,
    };
    return { type: 'PlaceOrder', orderId: randomUUID(), ownerId: who, order };
  }
  if (roll < 0.97) {
    const book = next() < 0.5 ? state.bids : state.asks;
    let target = undefined as { orderId: string; ownerId: string } | undefined;
    for (const order of book) {
      target = order;
      if (next() < 0.2) break;
    }
    return { type: 'CancelOrder', orderId: target?.orderId ?? randomUUID(), requestedBy: target?.ownerId ?? who, isAdmin: false };
  }
  const batches = [...(state.tradable.get(who)?.keys() ?? [])];
  return {
    type: 'TransferCredits',
    tradeId: randomUUID(),
    batchId: batches[0] ?? 'none',
    sellerAccountId: who,
    buyerAccountId: account(Math.floor(next() * ACCOUNTS)),
    quantity: 1 + Math.floor(next() * 5),
    price: '10.00',
  };
}

function contextFor(step: number, actor: string): CommandContext {
  const commandId = randomUUID();
  return {
    commandId,
    correlationId: commandId,
    causationId: commandId,
    actor: { userId: actor, role: 'trader' },
    now: new Date(Date.UTC(2026, 10, 1) + step * 1000),
  };
}

interface Built {
  readonly events: number;
  readonly bulkEvents: number;
  readonly buildSeconds: number;
  readonly tailSeconds: number;
  readonly snapshotVersion: string | undefined;
  readonly snapshotBytes: number;
  readonly openOrders: number;
  readonly ordersKept: number;
}

/** Builds the stream: the bulk part through the store's INSERT, the tail through the store. */
async function build(pool: pg.Pool, connectionString: string, target: number, tailEvents: number): Promise<Built> {
  const streamId = creditMarketStreamId(PROJECT, VINTAGE);
  // Seeded, so every run builds the same market.
  const next = seededRandom(2026);
  const state = initialCreditMarketState();
  let version = -1n;
  let previous = Buffer.alloc(0);
  let rows: string[][] = [[], [], [], [], [], [], []];
  const flush = async (): Promise<void> => {
    if (rows[0]!.length === 0) return;
    await pool.query({ name: 'bulk_insert', text: INSERT_KNOWN_HEADS, values: rows.map((column) => column.join('\n')) });
    rows = [[], [], [], [], [], [], []];
  };
  const started = performance.now();
  const bulk = Math.max(0, target - tailEvents);
  let step = 0;
  let lastReport = started;
  while (version + 1n < BigInt(bulk)) {
    const command = nextCommand(next, state, step);
    const context = contextFor(step, 'ownerId' in command ? command.ownerId : 'system');
    step += 1;
    let decided;
    try {
      decided = decideCreditMarket(command, state, { now: context.now, newId: (purpose) => deriveId(context.commandId, purpose), market: MARKET });
    } catch (error) {
      if (error instanceof DomainError) continue;
      throw error;
    }
    for (const event of decided) evolveCreditMarket(state, event);
    for (const event of toEventsToAppend(decided, context)) {
      version += 1n;
      const texts = chainContentTexts({ streamId, ...event });
      previous = createHash('sha256').update(previous).update(texts.content, 'utf8').digest();
      const cells = [streamId, version.toString(), event.eventId, event.type, texts.data, texts.metadata, previous.toString('hex')];
      cells.forEach((cell, column) => rows[column]!.push(cell));
    }
    if (rows[0]!.length >= CHUNK) await flush();
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.error(`built ${formatInt(Number(version) + 1)} of ${formatInt(target)} events`);
    }
  }
  await flush();
  const bulkEvents = Number(version) + 1;
  const snapshots = new PostgresSnapshotStore(pool);
  if (bulkEvents > 0) {
    // What the store itself would have saved at this version (same codec, same row).
    await snapshots.save(streamId, {
      schema: marketStateCodec.schema,
      streamVersion: version,
      eventHash: previous.toString('hex'),
      state: marketStateCodec.encode(state),
    });
  }
  const buildSeconds = (performance.now() - started) / 1000;

  const tailStarted = performance.now();
  const eventStore = new PostgresEventStore(pool, { connectionString });
  const store = new CreditMarketStore(eventStore, { snapshots });
  let appended = bulkEvents;
  while (appended < target) {
    const live = await store.read(PROJECT, VINTAGE, (market) => market);
    const command = nextCommand(next, live, step);
    const context = contextFor(step, 'ownerId' in command ? command.ownerId : 'system');
    step += 1;
    try {
      const outcome = await store.execute(PROJECT, VINTAGE, command, context, () => undefined);
      appended += outcome.events.length;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  const tailSeconds = (performance.now() - tailStarted) / 1000;
  // The store writes its snapshots in the background: wait until the newest is stored.
  let stored: string | undefined;
  for (let tries = 0; tries < 120; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = (await pool.query<{ v: string }>('select stream_version::text as v from stream_snapshots where stream_id = $1', [streamId])).rows[0]?.v;
    if (now === stored && tries >= 4) break;
    stored = now;
  }
  await eventStore.close();
  const row = await pool.query<{ stream_version: string; bytes: number }>(
    'select stream_version::text, octet_length(state) as bytes from stream_snapshots where stream_id = $1',
    [streamId],
  );
  const final = await pool.query<{ events: string }>('select count(*)::text as events from events where stream_id = $1', [streamId]);
  return {
    events: Number(final.rows[0]?.events ?? 0),
    bulkEvents,
    buildSeconds,
    tailSeconds,
    snapshotVersion: row.rows[0]?.stream_version,
    snapshotBytes: row.rows[0]?.bytes ?? 0,
    openOrders: state.bids.length + state.asks.length,
    ordersKept: state.orders.size,
  };
}

interface Load {
  readonly ms: number;
  readonly heapKeptMB: number;
  readonly externalKeptMB: number;
  readonly tailEvents: number;
}

/** In the child: cold loads, each by a new store, measured apart from everything else. */
async function measure(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const connectionString = process.env['BENCH_URL'] ?? '';
  const rounds = envNumber(process.env, 'BENCH_ROUNDS', 3, 1);
  const fullFold = process.env['BENCH_FULL_FOLD'] === '1';
  const pool = createPool(connectionString, 4);
  const eventStore = new PostgresEventStore(pool, { connectionString });
  const snapshots = new PostgresSnapshotStore(pool);
  const streamId = creditMarketStreamId(PROJECT, VINTAGE);
  await pool.query('select 1');
  // A store dropped by the previous round is freed only by a collection after its pending callbacks
  // ran: one gc() right away left it in the heap, and the next round's heap kept read ~1 MB.
  const settle = async (): Promise<void> => {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gc();
  };
  const loadOnce = async (withSnapshots: boolean): Promise<Load> => {
    await settle();
    const before = process.memoryUsage();
    let tailEvents = 0;
    const counting = new Proxy(eventStore, {
      get(target, property) {
        if (property === 'readStream') {
          return async (id: string, options?: { afterVersion?: bigint }) => {
            const events = await target.readStream(id, options);
            tailEvents += events.length;
            return events;
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const started = performance.now();
    const store = new CreditMarketStore(counting, withSnapshots ? { snapshots } : {});
    await store.read(PROJECT, VINTAGE, (state) => state.seq);
    const ms = performance.now() - started;
    await settle();
    const after = process.memoryUsage();
    // Keep the store (and its market) alive until the heap was measured.
    if ((await store.read(PROJECT, VINTAGE, (state) => state.seq)) < 0) throw new Error('unreachable');
    return { ms, heapKeptMB: (after.heapUsed - before.heapUsed) / 2 ** 20, externalKeptMB: (after.external - before.external) / 2 ** 20, tailEvents };
  };
  const loads: Load[] = [];
  for (let round = 0; round < rounds; round += 1) loads.push(await loadOnce(true));
  const full = fullFold ? await loadOnce(false) : undefined;
  // Where a cold load's time goes: the snapshot's row, the events after it (each read alone).
  const readStarted = performance.now();
  const snapshot = await snapshots.load(streamId);
  const snapshotReadMs = performance.now() - readStarted;
  const tailStarted = performance.now();
  const tail = snapshot ? await eventStore.readStream(streamId, { afterVersion: snapshot.streamVersion - 1n }) : [];
  const tailReadMs = performance.now() - tailStarted;
  let encodeMs = Number.NaN;
  let decodeMs = Number.NaN;
  if (snapshot) {
    const started = performance.now();
    const state = marketStateCodec.decode(snapshot.state);
    decodeMs = performance.now() - started;
    const encodeStarted = performance.now();
    marketStateCodec.encode(state);
    encodeMs = performance.now() - encodeStarted;
  }
  process.stdout.write(
    `${JSON.stringify({ loads, full, encodeMs, decodeMs, snapshotReadMs, tailReadMs, tailEvents: tail.length, snapshotBytes: snapshot?.state.length })}\n`,
  );
  await eventStore.close();
  await pool.end();
}

async function main(): Promise<void> {
  if (process.argv[2] === 'measure') return measure();
  const facts = machineFacts();
  const target = envNumber(process.env, 'BENCH_MARKET_EVENTS', 1_000_000, 1);
  const tailEvents = envNumber(process.env, 'BENCH_TAIL_EVENTS', 2_500, 0);
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-market-load-'));
  chmodSync(dataDir, 0o755); // As root, PostgreSQL runs as `postgres`, which must reach it.
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'bench_market_load', log: (line) => console.error(line) });
  const pool = createPool(server.connectionString, 4);
  try {
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: createPool(server.connectionString, 1) }) });
    await runMigrations(db, { eventStore: true });
    await db.destroy();
    console.log(`bench:market-load  ${facts.date}`);
    console.log(`machine: ${machineSummary(facts)}, load at start ${facts.loadAverageAtStart}`);
    const built = await build(pool, server.connectionString, target, tailEvents);
    console.log(
      `stream: ${formatInt(built.events)} events (${formatInt(built.bulkEvents)} inserted in ${built.buildSeconds.toFixed(1)} s, ` +
        `${formatInt(built.events - built.bulkEvents)} through the store in ${built.tailSeconds.toFixed(1)} s); ` +
        `snapshot at version ${built.snapshotVersion ?? '-'}, ${formatInt(built.snapshotBytes)} bytes; ` +
        `${formatInt(built.openOrders)} open orders, ${formatInt(built.ordersKept)} orders in the state at the end of the bulk part\n`,
    );
    const output = execFileSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), 'measure'], {
      env: { ...process.env, BENCH_URL: server.connectionString },
      encoding: 'utf8',
      maxBuffer: 1 << 24,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const measured = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
      loads: Load[];
      full?: Load;
      encodeMs: number;
      decodeMs: number;
      snapshotBytes?: number;
      snapshotReadMs: number;
      tailReadMs: number;
      tailEvents: number;
    };
    const rows: string[][] = measured.loads.map((load, index) => [
      `cold load ${index + 1}, snapshot + tail`,
      load.ms.toFixed(0),
      load.heapKeptMB.toFixed(1),
      load.externalKeptMB.toFixed(1),
      formatInt(load.tailEvents),
    ]);
    if (measured.full) {
      rows.push([
        'cold load, full fold (no snapshots)',
        measured.full.ms.toFixed(0),
        measured.full.heapKeptMB.toFixed(1),
        measured.full.externalKeptMB.toFixed(1),
        formatInt(measured.full.tailEvents),
      ]);
    }
    console.log(renderTable(['load', 'ms', 'heap kept MB', 'buffers kept MB', 'events read'], rows));
    console.log(
      `\nsnapshot ${formatInt(measured.snapshotBytes ?? 0)} bytes: its row read in ${measured.snapshotReadMs.toFixed(0)} ms, ` +
        `decoded in ${measured.decodeMs.toFixed(0)} ms, encoded in ${measured.encodeMs.toFixed(0)} ms; ` +
        `the ${formatInt(measured.tailEvents)} events from its version on read in ${measured.tailReadMs.toFixed(0)} ms`,
    );
    const medianMs = median(measured.loads.map((load) => load.ms));
    const medianHeap = median(measured.loads.map((load) => load.heapKeptMB));
    console.log(
      `target at 1,000,000 events: < 200 ms (median ${medianMs.toFixed(0)}: ${medianMs < 200 ? 'pass' : 'MISSED'}), ` +
        `< 50 MB heap (median ${medianHeap.toFixed(1)}: ${medianHeap < 50 ? 'pass' : 'MISSED'})`,
    );
    const end = machineFactsAtEnd(facts);
    console.log(`load average at end: ${end.loadAverageAtEnd}`);
    const path = benchOutputPath('bench-market-load.json');
    writeFigures(path, { machine: end, built, measured });
    console.log(`wrote ${path}`);
  } finally {
    await pool.end();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(import.meta.url, 'bench:market-load', main);
