import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  type CreditProjectType,
  creditMarketStreamId,
  creditProjectTypes,
  type EventToAppend,
  portfolioStreamId,
  riskProfiles,
  seededRandom,
} from '@carbon-ledger/contracts';
import { LogFollowerRunner, marketDailyProjection, portfoliosProjection } from '@carbon-ledger/projections';
import { sql } from 'kysely';
import {
  type CommandContext,
  createPool,
  createReadModels,
  deriveId,
  directTrade,
  freePort,
  GetAnalyticsHandler,
  GetAnalyticsQuery,
  GetHoldingsHandler,
  GetHoldingsQuery,
  GetSuggestionsHandler,
  GetSuggestionsQuery,
  MarketFacts,
  PostgresEventStore,
  runMigrations,
  startEmbeddedPostgres,
  toEventsToAppend,
} from '@carbon-ledger/ledger-service/bench';
import { summarize } from '@carbon-ledger/bench-kit';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const TRADES = Number(process.env.BENCH_TRADES ?? 200_000);
const PORTFOLIOS = Number(process.env.BENCH_PORTFOLIOS ?? 5_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);
const DAYS = 180;
const VINTAGES = [2021, 2022, 2023, 2024, 2025, 2026];
const OPEN_ORDERS = 5_000;
/** Registry blocks per user: each a serial block of one batch. */
const BLOCKS_PER_USER = 4;
const APPEND_BATCH = 1_000;
const WRITERS = 4;
const TARGET_P99_MS = 50;

const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const user = (index: number): string => `bench-user-${index}`;

interface Market {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  readonly basePrice: number;
}

function benchContext(commandId: string, now: Date): CommandContext {
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'bench', role: 'admin' }, now };
}

/** 200,000 TradeExecuted over 180 days in 42 markets, prices on a random walk per market: appended per market stream. */
function tradeEvents(random: () => number, markets: readonly Market[], now: Date): Map<string, EventToAppend[]> {
  const byStream = new Map<string, EventToAppend[]>();
  const prices = markets.map((market) => market.basePrice);
  const start = now.getTime() - DAYS * 86_400_000;
  for (let index = 0; index < TRADES; index += 1) {
    const marketIndex = Math.floor(random() * markets.length);
    const market = markets[marketIndex]!;
    prices[marketIndex] = Math.max(1, prices[marketIndex]! * (1 + (random() - 0.5) * 0.02));
    const executedAt = new Date(start + (index / TRADES) * DAYS * 86_400_000).toISOString();
    const buyer = Math.floor(random() * USERS);
    const seller = (buyer + 1 + Math.floor(random() * (USERS - 1))) % USERS;
    const quantity = 1 + Math.floor(random() * 50);
    const tradeId = deriveId('bench-portfolio', `trade:${index}`);
    const trade = directTrade(
      tradeId,
      market,
      {
        buyerAccountId: user(buyer),
        sellerAccountId: user(seller),
        quantity,
        price: prices[marketIndex]!.toFixed(2),
        ranges: [{ batchId: `BENCH-${market.vintage}-00000000`, start: index + 1, end: index + quantity }],
      },
      executedAt,
    );
    const [event] = toEventsToAppend([trade], benchContext(tradeId, now));
    const stream = creditMarketStreamId(market.projectType, market.vintage);
    const events = byStream.get(stream) ?? [];
    events.push(event!);
    byStream.set(stream, events);
  }
  return byStream;
}

async function main(): Promise<number> {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-portfolio-'));
  const server = await startEmbeddedPostgres({ dataDir: join(workDir, 'data'), port: await freePort(), database: 'bench_portfolio' });
  const pool = createPool(server.connectionString, WRITERS + 4);
  const db = createReadModels(pool);
  const store = new PostgresEventStore(pool, { connectionString: server.connectionString });
  try {
    await runMigrations(db, { eventStore: true });
    const random = seededRandom(19);
    const now = new Date();
    const markets: Market[] = creditProjectTypes.flatMap((projectType, typeIndex) =>
      VINTAGES.map((vintage) => ({ projectType, vintage, basePrice: 4 + typeIndex * 2.5 + (vintage - 2021) * 0.4 })),
    );

    process.stdout.write(`appending ${TRADES.toLocaleString('en')} trades and ${PORTFOLIOS.toLocaleString('en')} portfolios to the log…\n`);
    const setupStarted = performance.now();
    const byStream = tradeEvents(random, markets, now);
    const chunks: { stream: string; events: EventToAppend[] }[] = [];
    for (const [stream, events] of byStream) {
      for (let offset = 0; offset < events.length; offset += APPEND_BATCH) chunks.push({ stream, events: events.slice(offset, offset + APPEND_BATCH) });
    }
    // One writer per stream at a time, chunks in order: each stream's chunks go to the same writer.
    const streams = [...byStream.keys()];
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, writer) => {
        for (const stream of streams.filter((_, index) => index % WRITERS === writer)) {
          let expected: bigint | 'no_stream' = 'no_stream';
          for (const chunk of chunks.filter((entry) => entry.stream === stream)) {
            const result = await store.appendToStream(stream, chunk.events, { expected });
            expected = result.nextExpectedVersion;
          }
        }
      }),
    );
    const owners: string[] = [];
    const portfolioIds: string[] = [];
    for (let index = 0; index < PORTFOLIOS; index += 1) {
      owners.push(user(Math.floor(random() * USERS)));
      portfolioIds.push(deriveId('bench-portfolio', `portfolio:${index}`));
    }
    let nextPortfolio = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (nextPortfolio < PORTFOLIOS) {
          const index = nextPortfolio++;
          const portfolioId = portfolioIds[index]!;
          const context = benchContext(deriveId(portfolioId, 'create'), now);
          const events = toEventsToAppend(
            [
              {
                type: 'PortfolioCreated',
                data: {
                  portfolioId,
                  ownerId: owners[index]!,
                  name: `Bench ${index}`,
                  description: '',
                  riskProfile: riskProfiles[index % riskProfiles.length]!,
                  createdAt: now.toISOString(),
                },
              },
            ],
            context,
          );
          await store.appendToStream(portfolioStreamId(portfolioId), events, { expected: 'no_stream' });
        }
      }),
    );
    const appendSeconds = (performance.now() - setupStarted) / 1000;

    // The two portfolio projections catch up with the log through the real runner.
    const projectStarted = performance.now();
    const head = await store.headPosition();
    const runners = [marketDailyProjection, portfoliosProjection].map(
      (projection) =>
        new LogFollowerRunner(projection, { db, eventStore: store, connectionConfig: { connectionString: server.connectionString }, batchSize: 2_000 }),
    );
    for (const runner of runners) runner.start();
    for (const runner of runners) {
      if (!(await runner.waitFor(head, 600_000))) throw new Error('a projection did not catch up with the log');
    }
    for (const runner of runners) await runner.stop();
    const projectSeconds = (performance.now() - projectStarted) / 1000;

    // Registry holdings and the open book: read-model rows in bulk (the registry projection needs a consistent serial story).
    const bulkStarted = performance.now();
    const batchRows = markets.map((market, index) => ({ market, tokenId: `BENCH${index}-${market.vintage}-${String(index).padStart(8, '0')}` }));
    await sql`
      insert into credit_batches (token_id, project_id, project_name, project_type, description, vintage, standard, methodology, quantity, serial_prefix,
        issuer_account_id, xrpl_address, source, settlement_status, issued_at, commit_position, prepare_position)
      select t.token_id, 'BENCH-' || t.token_id, 'Bench ' || t.token_id, t.project_type, '', t.vintage, 'Gold Standard', 'bench', 100000000,
        'NXCC-' || t.token_id, 'bench-issuer', '', 'registry', 'settled', now(), 0, 0
      from unnest(${batchRows.map((row) => row.tokenId)}::text[], ${batchRows.map((row) => row.market.projectType)}::text[], ${batchRows.map((row) => row.market.vintage)}::int[])
        as t(token_id, project_type, vintage)`.execute(db);
    await sql`
      insert into credit_holdings (token_id, serial_start, serial_end, account_id, status, order_id)
      select tokens[1 + ((u * 7 + b * 13) % ${batchRows.length})], u * 1000 + b * 200 + 1, u * 1000 + b * 200 + 10 + ((u + b) % 150),
        'bench-user-' || u, case when (u + b) % 9 = 0 then 'reserved' else 'tradable' end, null
      from generate_series(0, ${USERS - 1}) as u, generate_series(0, ${BLOCKS_PER_USER - 1}) as b,
        (select ${batchRows.map((row) => row.tokenId)}::text[] as tokens) as t`.execute(db);
    await sql`
      insert into order_book (order_id, owner_id, side, amount, price, project_type, vintage, status, filled, placed_at, updated_at)
      select gen_random_uuid(), 'bench-user-' || (o % ${USERS}), case when o % 2 = 0 then 'buy' else 'sell' end, 10 + o % 90,
        round((4 + (o % 7) * 2.5 + (o % 5) * 0.3)::numeric, 2), (${[...creditProjectTypes]}::text[])[1 + o % 7], 2021 + (o / 7) % 6,
        case when o % 10 = 0 then 'completed' else 'pending' end, 0, now(), now()
      from generate_series(0, ${OPEN_ORDERS - 1}) as o`.execute(db);
    await sql`analyze`.execute(db);
    const bulkSeconds = (performance.now() - bulkStarted) / 1000;

    const counts = await sql<{ trades: string; daily: string; positions: string; portfolios: string; holdings: string }>`
      select (select count(*) from events where type = 'TradeExecuted') as trades,
             (select count(*) from market_daily_prices) as daily,
             (select count(*) from account_daily_positions) as positions,
             (select count(*) from portfolios) as portfolios,
             (select count(*) from credit_holdings) as holdings`.execute(db);

    const holdings = new GetHoldingsHandler(db);
    const suggestions = new GetSuggestionsHandler(db, new MarketFacts(db));
    const analytics = new GetAnalyticsHandler(db);
    const portfolioRows = await db.selectFrom('portfolios').select(['owner_id', 'risk_profile']).execute();
    const timings = { holdings: [] as number[], suggestions: [] as number[], analytics: [] as number[] };
    const loadBefore = load();
    for (let sample = 0; sample < SAMPLES + 20; sample += 1) {
      const portfolio = portfolioRows[Math.floor(random() * portfolioRows.length)]!;
      const at = new Date();
      const time = async (run: () => Promise<unknown>): Promise<number> => {
        const started = performance.now();
        await run();
        return performance.now() - started;
      };
      const measured = {
        holdings: await time(() => holdings.execute(new GetHoldingsQuery(portfolio.owner_id))),
        suggestions: await time(() => suggestions.execute(new GetSuggestionsQuery(portfolio.owner_id, portfolio.risk_profile, at))),
        analytics: await time(() => analytics.execute(new GetAnalyticsQuery(portfolio.owner_id, 30, at))),
      };
      // The first 20 warm the connections and plans.
      if (sample < 20) continue;
      timings.holdings.push(measured.holdings);
      timings.suggestions.push(measured.suggestions);
      timings.analytics.push(measured.analytics);
    }
    const loadAfter = load();
    const figures = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: +(totalmem() / 2 ** 30).toFixed(1), node: process.version },
      loadAverage: { before: loadBefore, after: loadAfter },
      log: { users: USERS, trades: Number(counts.rows[0]!.trades), portfolios: Number(counts.rows[0]!.portfolios) },
      readModels: {
        dailyPrices: Number(counts.rows[0]!.daily),
        accountDailyPositions: Number(counts.rows[0]!.positions),
        holdingBlocks: Number(counts.rows[0]!.holdings),
        openOrders: OPEN_ORDERS,
      },
      setupSeconds: { appendToLog: +appendSeconds.toFixed(1), projectionsCatchUp: +projectSeconds.toFixed(1), bulkReadModelRows: +bulkSeconds.toFixed(1) },
      samples: SAMPLES,
      holdings: summarize(timings.holdings),
      suggestions: summarize(timings.suggestions),
      analytics: summarize(timings.analytics),
    };
    const row = (label: string, summary: ReturnType<typeof summarize>): string =>
      `${label.padEnd(14)} p50 ${summary.p50.toFixed(2).padStart(7)} ms   p99 ${summary.p99.toFixed(2).padStart(7)} ms   max ${summary.max.toFixed(2).padStart(7)} ms   target p99 < ${TARGET_P99_MS} ms: ${summary.p99 < TARGET_P99_MS ? 'PASS' : 'MISS'}\n`;
    process.stdout.write(
      `\nbench:portfolio  ${figures.date}\nmachine: ${figures.machine.cpus} CPUs (${figures.machine.cpu}), ${figures.machine.memoryGiB} GiB, Node ${process.version}; embedded PostgreSQL 18\n` +
        `load average (1/5/15 min) before ${loadBefore}, after ${loadAfter}\n` +
        `log: ${USERS.toLocaleString('en')} users, ${figures.log.trades.toLocaleString('en')} trades, ${figures.log.portfolios.toLocaleString('en')} portfolios (appended in ${figures.setupSeconds.appendToLog} s; ` +
        `market-daily and portfolios projections caught up in ${figures.setupSeconds.projectionsCatchUp} s: ${figures.readModels.dailyPrices.toLocaleString('en')} daily prices, ` +
        `${figures.readModels.accountDailyPositions.toLocaleString('en')} account-day positions)\n` +
        `read-model rows in bulk: ${figures.readModels.holdingBlocks.toLocaleString('en')} holding blocks, ${OPEN_ORDERS.toLocaleString('en')} orders (${figures.setupSeconds.bulkReadModelRows} s)\n` +
        `${SAMPLES} random portfolios, one call at a time:\n` +
        row('holdings', figures.holdings) +
        row('suggestions', figures.suggestions) +
        row('analytics', figures.analytics),
    );
    const out = join(process.cwd(), '.data', 'bench');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'bench-portfolio.json'), `${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`\nwrote ${join(out, 'bench-portfolio.json')}\n`);
    return 0;
  } finally {
    await store.close();
    await db.destroy();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench:portfolio failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
