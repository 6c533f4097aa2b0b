/**
 * `npm run bench:registry`: the service on a log the size of the largest registry, measured at
 * 10 %, 30 % and 100 % of BENCH_EVENTS (default 10,000,000) in one run.
 *
 * On a fresh embedded PostgreSQL the service starts once on the empty database (it migrates and
 * creates its first administrator, who passes KYC through the real flow); that administrator is
 * the registry's largest account. The log is then built the way bench:market-load builds a market:
 * commands decided by the credit market's decider on the states held here (batches issued with
 * their serial blocks, retirements and transfers that split them, sell orders crossed by funded
 * buys), and their events, with the ids, metadata, canonical JSON and chained hashes the store
 * would give them, inserted in chunks with the store's own known-heads INSERT. The rest of a real
 * log's mix is written beside them the same way: each account's KYC and opening deposit, further
 * deposits, the buys' reservations, AML alerts on trades, portfolios. Batches are issued straight
 * through the market (no project lifecycle before them, as test-support's issueRegistryBatch does).
 *
 * At each checkpoint the markets' snapshots are saved as their store would save them, then:
 * `projections:rebuild` and `verify` (the tools, as child processes), a full evidence export
 * (bench:export's export phase, a child process under its V8 flags), then a new service process
 * (reactions moved to the head first: the history is not to be settled or screened again) timed to
 * /api/health 200 and to its first served POST /api/orders; the read APIs through HTTP with the
 * administrator's session; its RSS; PostgreSQL's bytes per event.
 *
 * Env: BENCH_EVENTS (10000000), BENCH_SAMPLES (50 per read), BENCH_READ_BUDGET_S (30: a read
 * stops sampling after this long, at least 5 samples), BENCH_DEEP_PAGES (5: the deep page is the
 * page after following nextCursor this often). Prints one table and writes
 * ./.data/bench/bench-registry.json. BENCH_HOLD_S=n keeps PostgreSQL up n s after the table, to look into a figure.
 * To measure a few reads quickly: BENCH_READS=provenance,CSRD times only the reads whose name holds
 * one of these words (case-insensitive), and BENCH_SKIP=verify,export leaves out those steps (their
 * rows then read –).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  benchOutputPath,
  envNumber,
  formatInt,
  machineFacts,
  machineFactsAtEnd,
  machineSummary,
  renderTable,
  runBench,
  summarize,
  writeFigures,
} from '@carbon-ledger/bench-kit';
import {
  buyReservationCents,
  chainContentTexts,
  creditMarketStreamId,
  type CreditProjectType,
  creditProjectTypes,
  type EventToAppend,
  formatSerial,
  fundsStreamId,
  kycStreamId,
  portfolioStreamId,
  priceToCents,
  projectTypeCodes,
  retirementStandards,
  seededRandom,
} from '@carbon-ledger/contracts';
import type pg from 'pg';
import { encodeAccountID, Wallet } from 'xrpl';
import {
  type ClusterClient,
  type CommandContext,
  createPool,
  type CreditMarketCommand,
  type CreditMarketState,
  decideCreditMarket,
  deriveId,
  DomainError,
  evolveCreditMarket,
  freePort,
  initialCreditMarketState,
  INSERT_KNOWN_HEADS,
  type Instance,
  marketStateCodec,
  PostgresSnapshotStore,
  signIn,
  startEmbeddedPostgres,
  startInstance,
  toEventsToAppend,
  verifyKyc,
} from '@carbon-ledger/ledger-service/bench';
import { checkpoints, dueBy, growth, pickOperation, type RegistryShape, registryShape } from './registry-shape.js';

const EVENTS = envNumber(process.env, 'BENCH_EVENTS', 10_000_000, 1_000);
const SAMPLES = envNumber(process.env, 'BENCH_SAMPLES', 50, 1);
const READ_BUDGET_MS = envNumber(process.env, 'BENCH_READ_BUDGET_S', 30, 1) * 1000;
const DEEP_PAGES = envNumber(process.env, 'BENCH_DEEP_PAGES', 5, 1);
const HOLD_SECONDS = envNumber(process.env, 'BENCH_HOLD_S', 0, 0);
const wordsOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
const READS = wordsOf(process.env.BENCH_READS);
const SKIP = new Set(wordsOf(process.env.BENCH_SKIP));
/** Whether a read is measured in this run (BENCH_READS). */
const measured = (name: string): boolean => READS.length === 0 || READS.some((word) => name.toLowerCase().includes(word));
const PAGE = 50;
const CHUNK = 4_000;
const VINTAGES = [2020, 2021, 2022, 2023, 2024, 2025];
const YEAR_START = Date.UTC(2026, 0, 1);
const YEAR_END = Date.UTC(2026, 11, 1);
const FIRST_ADMIN_EMAIL = 'admin@carbon-ledger.local';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The reactions the service runs (their checkpoints are moved to the head before each start). */
const REACTIONS = [
  'settle-withdrawal-when-requested',
  'refund-held-deposit-when-requested',
  'credit-deposit-when-held-deposit-assigned',
  'complete-placement-when-funds-reserved',
  'record-first-transfer-when-authorized-units-traded',
  'file-issuance-request-when-minted',
  'issue-credits-when-issuance-approved',
  'cancel-buffer-when-reversal-recorded',
  'screen-transaction-when-recorded',
  'anchor-seal-when-ledger-sealed',
  'issue-credential-when-kyc-verified',
  'register-xrpl-actions',
  'settle-credits-on-xrpl',
];

interface Market {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  readonly streamId: string;
  readonly price: string;
  readonly state: CreditMarketState;
}

interface Head {
  version: bigint;
  hash: Buffer;
}

/** Appends events to the log as the store would (versions, canonical texts, chained hashes), a chunk per INSERT, one INSERT in flight. */
class LogWriter {
  private readonly heads = new Map<string, Head>();
  private columns: string[][] = [[], [], [], [], [], [], []];
  private inFlight: Promise<unknown> = Promise.resolve();
  events = 0;

  constructor(private readonly pool: pg.Pool) {}

  head(streamId: string): Head | undefined {
    return this.heads.get(streamId);
  }

  append(streamId: string, events: readonly EventToAppend[]): void {
    let head = this.heads.get(streamId);
    if (!head) {
      head = { version: -1n, hash: Buffer.alloc(0) };
      this.heads.set(streamId, head);
    }
    for (const event of events) {
      head.version += 1n;
      const texts = chainContentTexts({ streamId, ...event });
      head.hash = createHash('sha256').update(head.hash).update(texts.content, 'utf8').digest();
      const cells = [streamId, head.version.toString(), event.eventId, event.type, texts.data, texts.metadata, head.hash.toString('hex')];
      for (let column = 0; column < 7; column += 1) this.columns[column]!.push(cells[column]!);
    }
    this.events += events.length;
  }

  async maybeFlush(): Promise<void> {
    if (this.columns[0]!.length >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    await this.inFlight;
    if (this.columns[0]!.length === 0) return;
    const values = this.columns.map((column) => column.join('\n'));
    this.columns = [[], [], [], [], [], [], []];
    this.inFlight = this.pool.query({ name: 'bulk_insert', text: INSERT_KNOWN_HEADS, values });
  }

  async drain(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }

  /** Takes in what the service appended to streams written here (the first order of a measurement): their heads, and each event to `take`. */
  async catchUp(after: string, take: (streamId: string, event: { type: string; data: unknown }) => void): Promise<void> {
    const rows = await this.pool.query<{ stream_id: string; stream_version: string; type: string; data: unknown; hash: Buffer }>(
      'select stream_id, stream_version::text, type, data, hash from events where global_position > $1 order by global_position',
      [after],
    );
    for (const row of rows.rows) {
      const head = this.heads.get(row.stream_id);
      if (!head) continue;
      head.version = BigInt(row.stream_version);
      head.hash = row.hash;
      take(row.stream_id, row);
    }
  }
}

interface Counts {
  projects: number;
  batches: number;
  credits: number;
  accounts: number;
  retirements: number;
  transfers: number;
  trades: number;
  orders: number;
  alerts: number;
  deposits: number;
  reservations: number;
  portfolios: number;
  refused: number;
}

/** The registry's log, built step by step up to each checkpoint; what the reads need is remembered on the way. */
class RegistryBuilder {
  readonly markets: Market[];
  readonly accounts: string[] = [];
  /**
   * Per market, the accounts that received credits there, one entry per receipt: a seller is a
   * market picked evenly, then a holder in it (picking a holder among all receipts concentrated
   * the log in the first markets: at 100,000 events one stream held 75 % of it).
   */
  private readonly holders: number[][];
  /** The markets with holders. */
  private readonly heldMarkets: number[] = [];
  /** Retirements, transfers and trades per batch: the most split batch. */
  readonly touches = new Map<string, number>();
  readonly adminPortfolioId = deriveId('bench-registry', 'admin-portfolio');
  readonly counts: Counts = {
    projects: 0,
    batches: 0,
    credits: 0,
    accounts: 0,
    retirements: 0,
    transfers: 0,
    trades: 0,
    orders: 0,
    alerts: 0,
    deposits: 0,
    reservations: 0,
    portfolios: 0,
    refused: 0,
  };
  private readonly random = seededRandom(2026);
  private lastTrade: { tradeId: string; eventId: string; userId: string; amount: number; at: string } | undefined;
  /** The market the administrator's first batch is in: where its first order goes. */
  adminMarket: Market | undefined;

  constructor(
    private readonly log: LogWriter,
    private readonly shape: RegistryShape,
    adminId: string,
  ) {
    this.markets = creditProjectTypes.flatMap((projectType, typeIndex) =>
      VINTAGES.map((vintage) => ({
        projectType,
        vintage,
        streamId: creditMarketStreamId(projectType, vintage),
        price: `${8 + typeIndex * 2 + (vintage - 2020)}.00`,
        state: initialCreditMarketState(),
      })),
    );
    this.holders = this.markets.map(() => []);
    this.accounts.push(adminId);
    this.portfolio(adminId, this.adminPortfolioId, 'Registry holdings');
    this.counts.accounts = 1;
  }

  private context(actor: string, role = 'trader'): CommandContext {
    const commandId = randomUUID();
    // The log's time follows the events written, so its instants spread over 2026 up to December
    // (clocked by steps, most of a log built past 30 % of its size shared the year's last instant).
    const now = new Date(YEAR_START + Math.min(1, this.log.events / this.shape.events) * (YEAR_END - YEAR_START));
    return { commandId, correlationId: commandId, causationId: commandId, actor: { userId: actor, role }, now };
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  /** Decides a market command on the state here and appends its events; false when the decider refused it. */
  private decide(market: Market, command: CreditMarketCommand, context: CommandContext, before?: () => void): boolean {
    let decided;
    try {
      decided = decideCreditMarket(command, market.state, {
        now: context.now,
        newId: (purpose) => deriveId(context.commandId, purpose),
        market: { projectType: market.projectType, vintage: market.vintage },
      });
    } catch (error) {
      if (error instanceof DomainError) {
        this.counts.refused += 1;
        return false;
      }
      throw error;
    }
    before?.();
    for (const event of decided) evolveCreditMarket(market.state, event);
    const events = toEventsToAppend(decided, context);
    this.log.append(market.streamId, events);
    for (const event of events) if (event.type === 'TradeExecuted') this.noteTrade(event, command);
    return true;
  }

  private noteTrade(event: EventToAppend, command: CreditMarketCommand): void {
    const data = event.data as { tradeId?: string; buyerAccountId?: string; quantity?: number; price?: string; executedAt?: string };
    this.lastTrade = {
      tradeId: data.tradeId ?? event.eventId,
      eventId: event.eventId,
      userId: data.buyerAccountId ?? ('ownerId' in command ? command.ownerId : 'unknown'),
      amount: (data.quantity ?? 1) * Number(data.price ?? '10'),
      at: data.executedAt ?? new Date().toISOString(),
    };
  }

  private portfolio(ownerId: string, portfolioId: string, name: string): void {
    const context = this.context(ownerId);
    const data = { portfolioId, ownerId, name, description: '', riskProfile: 'moderate', createdAt: context.now.toISOString() };
    this.log.append(portfolioStreamId(portfolioId), toEventsToAppend([{ type: 'PortfolioCreated', data }], context));
    this.counts.portfolios += 1;
  }

  /** A new account: its address's KYC (started, verified) and its opening deposit. */
  private openAccount(): void {
    const index = this.accounts.length;
    const accountId = `registry-acct-${index.toString().padStart(6, '0')}`;
    this.accounts.push(accountId);
    const address = encodeAccountID(createHash('sha256').update(accountId).digest().subarray(0, 20));
    const context = this.context(accountId);
    const at = context.now.toISOString();
    const inquiryId = `inq-${index}`;
    this.log.append(
      kycStreamId(address),
      toEventsToAppend(
        [
          {
            type: 'KycStarted',
            data: {
              address,
              inquiryId,
              templateId: 'sandbox-basic',
              provider: 'sandbox',
              environment: 'sandbox',
              jurisdiction: 'UK',
              level: 'basic',
              ownerId: accountId,
              startedAt: at,
            },
          },
          {
            type: 'KycVerified',
            data: {
              address,
              inquiryId,
              riskScore: 10,
              level: 'basic',
              jurisdiction: 'UK',
              country: 'GB',
              verifiedAt: at,
              expiresAt: new Date(context.now.getTime() + 365 * 86_400_000 * 2).toISOString(),
            },
          },
        ],
        context,
      ),
    );
    this.deposit(index, 1_000_000_000);
    if (index % 100 === 0) this.portfolio(accountId, deriveId('bench-registry', `portfolio:${index}`), `Portfolio ${index}`);
    this.counts.accounts += 1;
  }

  private deposit(account: number, amountCents: number): void {
    const userId = this.accounts[account]!;
    const context = this.context(userId);
    const depositId = deriveId(context.commandId, 'deposit');
    const txHash = createHash('sha256').update(depositId).digest('hex').toUpperCase();
    const data = { depositId, userId, amountCents, txHash, depositedAt: context.now.toISOString() };
    this.log.append(fundsStreamId(userId), toEventsToAppend([{ type: 'FundsDeposited', data }], context));
    this.counts.deposits += 1;
  }

  private issueBatch(): void {
    const index = this.counts.batches;
    const project = Math.floor((index * this.shape.projects) / this.shape.batches);
    const market = this.markets[(project % creditProjectTypes.length) * VINTAGES.length + (index % VINTAGES.length)]!;
    const batchId = `${projectTypeCodes[market.projectType]}-${market.vintage}-${(0x10000000 + index).toString(16).toUpperCase()}`;
    // Every twentieth batch to the largest account, the rest to an account that has opened.
    const account = index % 20 === 0 ? 0 : 1 + Math.floor(this.random() * (this.accounts.length - 1));
    const average = this.shape.credits / this.shape.batches;
    const quantity = Math.max(1_000, Math.round(average * (0.5 + this.random())));
    const accountId = this.accounts[account]!;
    const issued = this.decide(
      market,
      {
        type: 'IssueCredits',
        batch: {
          batchId,
          projectId: `REG-${project.toString().padStart(5, '0')}`,
          projectName: `Registry project ${project}`,
          projectType: market.projectType,
          description: '',
          vintage: market.vintage,
          standard: 'Gold Standard',
          methodology: 'AMS-I.D.',
          scopes: { scope1: quantity, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity,
          serialPrefix: `NXCC-${batchId}`,
          accountId,
          issuedBy: accountId,
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          source: 'registry',
        },
      },
      this.context(accountId, 'issuer'),
    );
    this.counts.batches += 1;
    if (!issued) return;
    if (account === 0) this.adminMarket ??= market;
    this.counts.projects = Math.max(this.counts.projects, project + 1);
    this.counts.credits += quantity;
    this.received(account, market);
  }

  private received(account: number, market: Market): void {
    const index = this.markets.indexOf(market);
    if (this.holders[index]!.length === 0) this.heldMarkets.push(index);
    this.holders[index]!.push(account);
  }

  /** A holder and one batch it holds tradable in that market, or undefined. */
  private holding(): { account: number; market: Market; batchId: string } | undefined {
    for (let tries = 0; tries < 5; tries += 1) {
      const marketIndex = this.pick(this.heldMarkets);
      const account = this.pick(this.holders[marketIndex]!);
      const market = this.markets[marketIndex]!;
      const byBatch = market.state.tradable.get(this.accounts[account]!);
      if (!byBatch || byBatch.size === 0) continue;
      let skip = Math.floor(this.random() * Math.min(byBatch.size, 4));
      for (const batchId of byBatch.keys()) {
        if (skip-- <= 0) return { account, market, batchId };
      }
    }
    return undefined;
  }

  private touch(batchId: string): void {
    this.touches.set(batchId, (this.touches.get(batchId) ?? 0) + 1);
  }

  /** Another account than `not`: the largest account in one of ten transfers. */
  private counterparty(not: number, largest: boolean): number {
    if (largest && not !== 0 && this.random() < 0.1) return 0;
    const other = 1 + Math.floor(this.random() * (this.accounts.length - 1));
    return other === not ? 1 + (other % (this.accounts.length - 1)) : other;
  }

  private retire(): void {
    const held = this.holding();
    if (!held) return;
    const accountId = this.accounts[held.account]!;
    const retirementId = randomUUID();
    const done = this.decide(
      held.market,
      {
        type: 'RetireCredits',
        retirementId,
        batchId: held.batchId,
        accountId,
        quantity: 1 + Math.floor(this.random() * 40),
        beneficiary: `Beneficiary ${held.account}`,
        purpose: 'Scope 1 offset',
        standard: retirementStandards[0],
        offsetType: 'compensation',
        retiredBy: accountId,
      },
      this.context(accountId),
    );
    if (!done) return;
    this.counts.retirements += 1;
    this.touch(held.batchId);
  }

  private transfer(): void {
    const held = this.holding();
    if (!held) return;
    const buyer = this.counterparty(held.account, true);
    const done = this.decide(
      held.market,
      {
        type: 'TransferCredits',
        tradeId: randomUUID(),
        batchId: held.batchId,
        sellerAccountId: this.accounts[held.account]!,
        buyerAccountId: this.accounts[buyer]!,
        quantity: 1 + Math.floor(this.random() * 50),
        price: held.market.price,
      },
      this.context(this.accounts[held.account]!),
    );
    if (!done) return;
    this.counts.transfers += 1;
    this.touch(held.batchId);
    this.received(buyer, held.market);
  }

  /** A sell order of a holder, crossed by a funded buy of another account (its reservation first, in its cash stream). */
  private trade(): void {
    const held = this.holding();
    if (!held) return;
    const { market } = held;
    const amount = 1 + Math.floor(this.random() * 30);
    const order = { amount, price: market.price, projectType: market.projectType, vintage: market.vintage };
    const sold = this.decide(
      market,
      { type: 'PlaceOrder', orderId: randomUUID(), ownerId: this.accounts[held.account]!, order: { type: 'sell', ...order } },
      this.context(this.accounts[held.account]!),
    );
    if (!sold) return;
    this.counts.orders += 1;
    const buyer = this.counterparty(held.account, false);
    const userId = this.accounts[buyer]!;
    const context = this.context(userId);
    const orderId = randomUUID();
    const reservationId = deriveId(context.commandId, 'reservation');
    const amountCents = buyReservationCents(amount, priceToCents(market.price));
    const reserve = (): void => {
      const cashContext = { ...context, commandId: deriveId(context.commandId, 'reserve') };
      const data = { reservationId, userId, orderId, amountCents, order, placementCommandId: context.commandId, reservedAt: context.now.toISOString() };
      this.log.append(fundsStreamId(userId), toEventsToAppend([{ type: 'FundsReserved', data }], cashContext));
      this.counts.reservations += 1;
    };
    const bought = this.decide(
      market,
      { type: 'PlaceOrder', orderId, ownerId: userId, order: { type: 'buy', ...order }, funding: { reservationId, reservedCents: amountCents } },
      context,
      reserve,
    );
    if (!bought) return;
    this.counts.orders += 1;
    this.counts.trades += 1;
    this.touch(held.batchId);
    this.received(buyer, market);
  }

  private alert(): void {
    const trade = this.lastTrade;
    if (!trade) return;
    const context = this.context('system', 'admin');
    const alertId = deriveId(trade.eventId, 'aml-alert');
    const data = {
      alertId,
      priority: 'medium',
      transactionType: 'trade',
      transactionId: trade.tradeId,
      riskScore: 55,
      amount: trade.amount,
      userId: trade.userId,
      riskFlags: ['velocity'],
      reasons: ['Several trades in a short time'],
      requiresReview: true,
      sourceEventId: trade.eventId,
      transactionAt: trade.at,
      raisedAt: context.now.toISOString(),
    };
    this.log.append(`aml-alert-${alertId}`, toEventsToAppend([{ type: 'AmlAlertRaised', data }], context));
    this.counts.alerts += 1;
    this.lastTrade = undefined;
  }

  /** Builds up to `target` events of the log. */
  async buildTo(target: number, report: (text: string) => void): Promise<void> {
    let lastReport = performance.now();
    while (this.log.events < target) {
      while (this.counts.accounts < dueBy(this.shape.accounts, this.log.events, this.shape.events)) this.openAccount();
      while (this.counts.batches < dueBy(this.shape.batches, this.log.events, this.shape.events)) this.issueBatch();
      switch (pickOperation(this.shape, this.random())) {
        case 'retire':
          this.retire();
          break;
        case 'transfer':
          this.transfer();
          break;
        case 'trade':
          this.trade();
          break;
        case 'alert':
          this.alert();
          break;
        case 'deposit':
          this.deposit(1 + Math.floor(this.random() * (this.accounts.length - 1)), 100_000);
          break;
      }
      await this.log.maybeFlush();
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        report(`built ${formatInt(this.log.events)} of ${formatInt(target)} events`);
      }
    }
    await this.log.drain();
  }

  /** The batch with the most retirements, transfers and trades, and a serial in the middle of it. */
  mostSplitSerial(): { batchId: string; touches: number; serial: string; streamId: string } | undefined {
    let best: [string, number] | undefined;
    for (const entry of this.touches) if (!best || entry[1] > best[1]) best = entry;
    if (!best) return undefined;
    for (const market of this.markets) {
      const batch = market.state.batches.get(best[0]);
      if (batch) {
        return {
          batchId: best[0],
          touches: best[1],
          serial: formatSerial(batch.serialPrefix, Math.max(1, Math.floor(batch.quantity / 2))),
          streamId: market.streamId,
        };
      }
    }
    return undefined;
  }

  /** Takes in the events the service appended after log position `after` to streams built here. */
  async catchUp(after: string): Promise<void> {
    const byStream = new Map(this.markets.map((market) => [market.streamId, market]));
    await this.log.catchUp(after, (streamId, event) => {
      const market = byStream.get(streamId);
      if (market) evolveCreditMarket(market.state, event as Parameters<typeof evolveCreditMarket>[1]);
    });
  }

  /** Each market's state saved as its store would save its snapshot, so a new instance's first order loads from it. */
  async saveSnapshots(pool: pg.Pool): Promise<void> {
    const snapshots = new PostgresSnapshotStore(pool);
    for (const market of this.markets) {
      const head = this.log.head(market.streamId);
      if (!head) continue;
      await snapshots.save(market.streamId, {
        schema: marketStateCodec.schema,
        streamVersion: head.version,
        eventHash: head.hash.toString('hex'),
        state: marketStateCodec.encode(market.state),
      });
    }
  }
}

/** Runs a node script to its end; its output, exit code, wall seconds and (from /proc) peak RSS. */
function runNode(args: readonly string[], env: Record<string, string>): Promise<{ code: number | null; output: string; seconds: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output, stdout, seconds: (performance.now() - started) / 1000 }));
  });
}

function procStatusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

interface ReadFigure {
  readonly p50: number;
  readonly p99: number;
  readonly samples: number;
  readonly status: number;
  readonly bytes: number;
  /** Why the read ended early: the service stopped answering. */
  readonly failed?: string;
}

/**
 * Times `SAMPLES` calls (after up to 3 unmeasured: one when it takes over 2 s), one at a time,
 * within the read budget. A call that fails (the service stopped answering) ends the read with
 * status 0 and what failed, so the run goes on to its other figures.
 */
async function timeRead(call: () => Promise<Response>): Promise<ReadFigure> {
  let status = 0;
  let bytes = 0;
  const timings: number[] = [];
  try {
    for (let warm = 0; warm < 3; warm += 1) {
      const begun = performance.now();
      const response = await call();
      status = response.status;
      bytes = (await response.arrayBuffer()).byteLength;
      if (performance.now() - begun > 2_000) break;
    }
    const started = performance.now();
    while (timings.length < SAMPLES && (timings.length < 5 || performance.now() - started < READ_BUDGET_MS)) {
      const begun = performance.now();
      const response = await call();
      await response.arrayBuffer();
      timings.push(performance.now() - begun);
      if (response.status !== status) status = response.status;
    }
  } catch (error) {
    return { p50: Number.NaN, p99: Number.NaN, samples: timings.length, status: 0, bytes, failed: error instanceof Error ? error.message : String(error) };
  }
  const summary = summarize(timings);
  return { p50: summary.p50, p99: summary.p99, samples: timings.length, status, bytes };
}

/** The cursor of the page after following nextCursor `pages` times from the first page. */
async function deepCursor(client: ClusterClient, baseUrl: string, path: string, pages: number): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let page = 0; page < pages; page += 1) {
    const separator = path.includes('?') ? '&' : '?';
    const response = await client.request(baseUrl, 'GET', `${path}${separator}limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!response.ok) return undefined;
    const body = (await response.json()) as { nextCursor?: string | null };
    if (!body.nextCursor) return cursor;
    cursor = body.nextCursor;
  }
  return cursor;
}

interface Checkpoint {
  readonly events: number;
  readonly buildSeconds: number;
  readonly counts: Counts;
  readonly reads: Record<string, ReadFigure>;
  readonly rebuild: {
    seconds: number;
    eventsPerSecond: number;
    projections: number;
    replayedEvents: number;
    perProjection: Record<string, number>;
    code: number | null;
  };
  readonly verify: { seconds: number; chainSeconds: number; eventsPerSecond: number; code: number | null; verdict: string };
  readonly export: { seconds: number; peakRssMiB: number; events: number; fileMiB: number; failed?: string };
  readonly healthySeconds: number;
  readonly firstOrderSeconds: number;
  readonly firstOrderStatus: number;
  /** Healthy and its first order served, before the reads. */
  readonly startedRssMiB: number;
  readonly rssMiB: number;
  readonly peakRssMiB: number;
  readonly bytesPerEvent: number;
  readonly mostSplit: { batchId: string; touches: number; serial: string; streamId: string; streamEvents: number } | undefined;
}

async function measureCheckpoint(
  builder: RegistryBuilder,
  pool: pg.Pool,
  env: Record<string, string>,
  workDir: string,
  buildSeconds: number,
  log: (text: string) => void,
): Promise<Checkpoint> {
  await builder.saveSnapshots(pool);
  const events = Number((await pool.query<{ n: string }>('select count(*)::text as n from events')).rows[0]!.n);

  log('  projections:rebuild…');
  const rebuilt = await runNode([join(ROOT, 'ledger-service/dist/tools/rebuild-projections.js')], env);
  const replays = [...rebuilt.stdout.matchAll(/^(\S+): applied (\d+) events in ([\d.]+) s/gm)];
  if (rebuilt.code !== 0) log(`  rebuild exited ${rebuilt.code}: ${rebuilt.output.slice(-2000)}`);
  const rebuild = {
    seconds: rebuilt.seconds,
    eventsPerSecond: events / rebuilt.seconds,
    projections: replays.length,
    replayedEvents: replays.reduce((sum, match) => sum + Number(match[2]), 0),
    /** Seconds per projection: where the rebuild's time goes. */
    perProjection: Object.fromEntries(replays.map((match) => [match[1]!, Number(match[3])])),
    code: rebuilt.code,
  };

  const skipped = { seconds: Number.NaN, chainSeconds: Number.NaN, eventsPerSecond: Number.NaN, code: null, verdict: 'skipped (BENCH_SKIP)' };
  let verify: Checkpoint['verify'] = skipped;
  if (!SKIP.has('verify')) {
    log('  verify…');
    const verified = await runNode([join(ROOT, 'ledger-service/dist/tools/verify-log.js')], env);
    const chain = /OK: (\d+) events in \d+ streams; every hash chain matches \(([\d.]+) s\)/.exec(verified.stdout);
    const chainSeconds = chain ? Number(chain[2]) : verified.seconds;
    verify = {
      seconds: verified.seconds,
      chainSeconds,
      eventsPerSecond: (chain ? Number(chain[1]) : events) / chainSeconds,
      code: verified.code,
      verdict: verified.stdout.split('\n').find((line) => line.startsWith('OK:') || line.startsWith('MISMATCH')) ?? verified.output.slice(-500),
    };
  }

  let exportFigures: Checkpoint['export'] = { seconds: Number.NaN, peakRssMiB: Number.NaN, events: 0, fileMiB: Number.NaN };
  if (!SKIP.has('export')) {
    log('  evidence export…');
    const file = join(workDir, 'evidence.json');
    const flags = (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=128 --max-semi-space-size=16').split(/\s+/).filter(Boolean);
    const exported = await runNode([...flags, join(ROOT, 'bench/dist/bench-export.js'), 'export', env.DATABASE_URL!, file], {});
    if (exported.code === 0) {
      const phase = JSON.parse(exported.stdout) as { seconds: number; maxRssMiB: number; events?: number };
      exportFigures = { seconds: phase.seconds, peakRssMiB: phase.maxRssMiB, events: phase.events ?? 0, fileMiB: statSync(file).size / 2 ** 20 };
    } else {
      // A failed export (out of its heap, say) is a figure of this checkpoint, not the end of the run.
      const failed = exported.output.split('\n').find((line) => /FATAL ERROR|Error:/.test(line)) ?? exported.output.slice(-300);
      log(`  the export failed after ${exported.seconds.toFixed(1)} s: ${failed}`);
      exportFigures = { seconds: Number.NaN, peakRssMiB: Number.NaN, events: 0, fileMiB: Number.NaN, failed };
    }
    rmSync(file, { force: true });
  }

  // The history is not to be settled, screened or credited again by the new instance: its reactions start at the head.
  await pool.query(
    `insert into projection_checkpoints (name, commit_position, prepare_position, events_applied, updated_at)
     select 'reaction:' || r, h.transaction_id::text::bigint, h.global_position, 0, now()
     from unnest($1::text[]) as r,
          (select transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1) as h
     on conflict (name) do update set commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, updated_at = now()`,
    [REACTIONS],
  );

  const before = (await pool.query<{ p: string }>('select coalesce(max(global_position), 0)::text as p from events')).rows[0]!.p;
  log('  service start…');
  const { instance, started, healthySeconds } = await startHealthy('registry', env);
  try {
    const admin = await signIn(instance.baseUrl, FIRST_ADMIN_EMAIL, env.BENCH_ADMIN_PASSWORD!);
    const market = builder.adminMarket ?? builder.markets[0]!;
    const order = await admin.request(
      instance.baseUrl,
      'POST',
      '/api/orders',
      { type: 'sell', amount: 1, price: '999.00', projectType: market.projectType, vintage: market.vintage },
      { 'idempotency-key': randomUUID() },
    );
    const firstOrderSeconds = (performance.now() - started) / 1000;
    const startedRssMiB = (procStatusKiB(instance.pid, 'VmRSS') ?? Number.NaN) / 1024;
    if (order.status !== 201) log(`  first order answered ${order.status}: ${await order.text()}`);

    log('  reads…');
    const reads = await measureReads(admin, instance, builder);
    const rssMiB = (procStatusKiB(instance.pid, 'VmRSS') ?? Number.NaN) / 1024;
    const peakRssMiB = (procStatusKiB(instance.pid, 'VmHWM') ?? Number.NaN) / 1024;
    const split = builder.mostSplitSerial();
    const size = await pool.query<{ bytes: string; n: string }>(`select pg_total_relation_size('events')::text as bytes, count(*)::text as n from events`);
    return {
      events,
      buildSeconds,
      counts: { ...builder.counts },
      reads,
      rebuild,
      verify,
      export: exportFigures,
      healthySeconds,
      firstOrderSeconds,
      firstOrderStatus: order.status,
      startedRssMiB,
      rssMiB,
      peakRssMiB,
      bytesPerEvent: Number(size.rows[0]!.bytes) / Number(size.rows[0]!.n),
      mostSplit: split && {
        ...split,
        // The serial's provenance reads its market's whole stream: how long that is.
        streamEvents: Number((await pool.query<{ n: string }>('select count(*)::text as n from events where stream_id = $1', [split.streamId])).rows[0]!.n),
      },
    };
  } finally {
    await instance.stop();
    await builder.catchUp(before);
  }
}

/** Starts a service process and waits for /api/health 200; the seconds from the spawn. */
async function startHealthy(name: string, env: Record<string, string>): Promise<{ instance: Instance; started: number; healthySeconds: number }> {
  const started = performance.now();
  const instance = await startInstance(name, env);
  for (;;) {
    const response = await fetch(`${instance.baseUrl}/api/health`).catch(() => undefined);
    if (response?.status === 200) return { instance, started, healthySeconds: (performance.now() - started) / 1000 };
    if (performance.now() - started > 600_000) throw new Error(`not healthy within 600 s: ${(await response?.text()) ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function measureReads(admin: ClusterClient, instance: Instance, builder: RegistryBuilder): Promise<Record<string, ReadFigure>> {
  const base = instance.baseUrl;
  const get = (path: string) => () => admin.request(base, 'GET', path);
  const reads: Record<string, ReadFigure> = {};
  const time = async (name: string, call: () => Promise<Response>): Promise<void> => {
    if (measured(name)) reads[name] = await timeRead(call);
  };
  await time('GET /api/credits (largest account)', get('/api/credits'));
  const split = builder.mostSplitSerial();
  if (split) {
    await time('GET /api/provenance/serials/… (most split batch)', get(`/api/provenance/serials/${split.serial}`));
    await time('GET /api/provenance/… (most split batch), first page', get(`/api/provenance/${split.batchId}?limit=${PAGE}`));
  }
  for (const [name, path] of [
    ['credits', '/api/credits'],
    ['holdings (largest account)', '/api/credits/holdings'],
    ['retirements', '/api/retirements'],
    ['trades', '/api/trades'],
    ['orders', '/api/orders?scope=all'],
    ['AML alerts', '/api/aml/alerts'],
  ] as const) {
    if (!measured(name)) continue;
    const separator = path.includes('?') ? '&' : '?';
    await time(`${name}, first page`, get(`${path}${separator}limit=${PAGE}`));
    const cursor = await deepCursor(admin, base, path, DEEP_PAGES);
    if (cursor) await time(`${name}, page ${DEEP_PAGES + 1}`, get(`${path}${separator}limit=${PAGE}&cursor=${encodeURIComponent(cursor)}`));
  }
  await time('GET /api/metrics', get('/api/metrics'));
  await time('GET /api/kyc/dashboard', get('/api/kyc/dashboard'));
  // One month of the year: a period that holds a part of the log.
  await time('POST /api/compliance/reports (CSRD March 2026)', () =>
    admin.request(base, 'POST', '/api/compliance/reports', { framework: 'csrd', period: { from: '2026-03-01', to: '2026-03-31' }, format: 'json' }),
  );
  const portfolio = `/api/portfolios/${builder.adminPortfolioId}`;
  await time('portfolio holdings', get(`${portfolio}/holdings`));
  await time('portfolio suggestions', get(`${portfolio}/suggestions`));
  await time('portfolio analytics', get(`${portfolio}/analytics`));
  // Last: its answer grows with the year's records (every retirement of the period).
  await time('POST /api/compliance/reports (CSRD 2026)', () =>
    admin.request(base, 'POST', '/api/compliance/reports', { framework: 'csrd', period: { from: '2026-01-01', to: '2026-12-31' }, format: 'json' }),
  );
  return reads;
}

/** The first start on the empty database: migrations, the first administrator (who passes KYC), then it stops. */
async function firstStart(env: Record<string, string>): Promise<{ adminId: string; password: string; emptyRssMiB: number; emptyHealthySeconds: number }> {
  const { instance, healthySeconds } = await startHealthy('registry-setup', env);
  try {
    const password = /password:\s+(\S+)/.exec(instance.output())?.[1];
    if (!password) throw new Error(`the first start printed no administrator:\n${instance.output()}`);
    const admin = await signIn(instance.baseUrl, FIRST_ADMIN_EMAIL, password);
    await verifyKyc(instance.baseUrl, admin, Wallet.generate());
    // What the service holds on an empty log: the base the checkpoints' RSS grows from.
    return { adminId: admin.userId, password, emptyRssMiB: (procStatusKiB(instance.pid, 'VmRSS') ?? Number.NaN) / 1024, emptyHealthySeconds: healthySeconds };
  } finally {
    await instance.stop();
  }
}

const TARGETS = {
  readP99Ms: 100,
  readGrowth: 1.5,
  rebuildPerSecond: 100_000,
  verifyPerSecond: 200_000,
  healthySeconds: 10,
  rssMiB: 1024,
  exportMiB: 256,
} as const;

function report(results: readonly Checkpoint[]): string {
  const first = results[0];
  const last = results.at(-1);
  const cell = (value: number | undefined, digits = 1): string => (value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits));
  const ratio = (a: number | undefined, b: number | undefined): string => {
    const value = growth(a, b);
    return value === undefined ? '–' : `${value.toFixed(2)}×`;
  };
  const rows: string[][] = [];
  const row = (label: string, values: (number | undefined)[], verdict: string, digits = 1): void => {
    rows.push([label, ...values.map((value) => cell(value, digits)), ratio(values[0], values.at(-1)), verdict]);
  };
  const mark = (ok: boolean): string => (ok ? 'pass' : 'MISS');
  const names = new Set(results.flatMap((result) => Object.keys(result.reads)));
  for (const name of names) {
    const p99s = results.map((result) => result.reads[name]?.p99);
    const p50s = results.map((result) => result.reads[name]?.p50);
    const lastP99 = p99s.at(-1);
    const grown = growth(p99s[0], lastP99);
    const ok = lastP99 !== undefined && lastP99 < TARGETS.readP99Ms && (grown === undefined || grown <= TARGETS.readGrowth);
    row(`${name} p50 ms`, p50s, '');
    row(`${name} p99 ms`, p99s, `p99 < ${TARGETS.readP99Ms}, ≤ ${TARGETS.readGrowth}× first: ${mark(ok)}`);
  }
  const all = <T>(pick: (result: Checkpoint) => T): T[] => results.map(pick);
  const every = (test: (result: Checkpoint) => boolean): boolean => results.every(test);
  row(
    'projection rebuild, log events/s',
    all((r) => r.rebuild.eventsPerSecond),
    `≥ 100,000: ${mark(every((r) => r.rebuild.eventsPerSecond >= TARGETS.rebuildPerSecond))}`,
    0,
  );
  row(
    'projection rebuild s',
    all((r) => r.rebuild.seconds),
    '',
  );
  row(
    'verify (hash chains) events/s',
    all((r) => r.verify.eventsPerSecond),
    `≥ 200,000: ${mark(every((r) => r.verify.eventsPerSecond >= TARGETS.verifyPerSecond))}`,
    0,
  );
  row(
    'verify, whole tool s',
    all((r) => r.verify.seconds),
    '',
  );
  row(
    'evidence export s',
    all((r) => r.export.seconds),
    '',
  );
  row(
    'evidence export peak RSS MiB',
    all((r) => r.export.peakRssMiB),
    `≤ 256 MiB: ${mark(every((r) => r.export.peakRssMiB <= TARGETS.exportMiB))}`,
    0,
  );
  row(
    'start → /api/health 200 s',
    all((r) => r.healthySeconds),
    `< 10 s: ${mark(every((r) => r.healthySeconds < TARGETS.healthySeconds))}`,
    2,
  );
  row(
    'start → first POST /api/orders s',
    all((r) => r.firstOrderSeconds),
    '',
    2,
  );
  row(
    'service RSS after its first order MiB',
    all((r) => r.startedRssMiB),
    '',
    0,
  );
  row(
    'service RSS after the reads MiB',
    all((r) => r.rssMiB),
    `< 1 GiB: ${mark(every((r) => r.rssMiB < TARGETS.rssMiB))}`,
    0,
  );
  row(
    'service peak RSS MiB',
    all((r) => r.peakRssMiB),
    '',
    0,
  );
  row(
    'PostgreSQL bytes per event',
    all((r) => r.bytesPerEvent),
    '',
    0,
  );
  row(
    'build s (not a target)',
    all((r) => r.buildSeconds),
    '',
    0,
  );
  const headers = ['figure', ...results.map((result) => `${formatInt(result.events)} events`), first && last ? 'growth first → last' : 'growth', 'target'];
  return renderTable(headers, rows);
}

async function main(): Promise<number> {
  const facts = machineFacts();
  const shape = registryShape(EVENTS);
  const targets = checkpoints(EVENTS);
  const workDir = mkdtempSync(join(os.tmpdir(), 'bench-registry-'));
  chmodSync(workDir, 0o755); // As root, PostgreSQL runs as `postgres`, which must reach it.
  const log = (text: string): void => void process.stderr.write(`${text}\n`);
  const server = await startEmbeddedPostgres({ dataDir: join(workDir, 'postgres'), port: await freePort(), database: 'bench_registry', log });
  const pool = createPool(server.connectionString, 4);
  try {
    console.log(`bench:registry  ${facts.date}`);
    console.log(`machine: ${machineSummary(facts)}, load at start ${facts.loadAverageAtStart}`);
    console.log(
      `shape at ${formatInt(EVENTS)} events: ${formatInt(shape.projects)} projects, ${formatInt(shape.batches)} batches, ${formatInt(shape.credits)} credits, ` +
        `${formatInt(shape.accounts)} accounts; checkpoints ${targets.map(formatInt).join(', ')}\n`,
    );
    const serviceDir = join(workDir, 'service');
    mkdirSync(serviceDir, { recursive: true });
    const env: Record<string, string> = { DATABASE_URL: server.connectionString, DATA_DIR: serviceDir, SEAL_INTERVAL_MS: '0', LOG_LEVEL: 'warn' };
    const { adminId, password, emptyRssMiB, emptyHealthySeconds } = await firstStart(env);
    console.log(
      `first start on the empty database (migrations, first administrator): healthy after ${emptyHealthySeconds.toFixed(1)} s; ` +
        `RSS after the administrator's KYC ${emptyRssMiB.toFixed(0)} MiB`,
    );
    env.BENCH_ADMIN_PASSWORD = password;
    const writer = new LogWriter(pool);
    const builder = new RegistryBuilder(writer, shape, adminId);
    const results: Checkpoint[] = [];
    for (const target of targets) {
      const started = performance.now();
      await builder.buildTo(target, log);
      const buildSeconds = (performance.now() - started) / 1000;
      log(`checkpoint ${formatInt(target)}: built in ${buildSeconds.toFixed(0)} s (${formatInt(writer.events)} events appended here)`);
      const result = await measureCheckpoint(builder, pool, env, workDir, buildSeconds, log);
      results.push(result);
      log(JSON.stringify(result));
    }
    const last = results.at(-1)!;
    console.log(
      `log at the end: ${formatInt(last.events)} events; ${formatInt(last.counts.projects)} projects, ${formatInt(last.counts.batches)} batches, ` +
        `${formatInt(last.counts.credits)} credits, ${formatInt(last.counts.accounts)} accounts, ${formatInt(last.counts.retirements)} retirements, ` +
        `${formatInt(last.counts.transfers)} transfers, ${formatInt(last.counts.trades)} order-book trades (${formatInt(last.counts.orders)} orders), ` +
        `${formatInt(last.counts.deposits)} deposits, ${formatInt(last.counts.reservations)} reservations, ${formatInt(last.counts.alerts)} AML alerts, ` +
        `${formatInt(last.counts.portfolios)} portfolios; ${formatInt(last.counts.refused)} commands refused by the decider and left out`,
    );
    if (last.mostSplit) {
      console.log(
        `most split batch ${last.mostSplit.batchId} (${formatInt(last.mostSplit.touches)} retirements, transfers and trades); serial read ${last.mostSplit.serial}; ` +
          `its market stream ${last.mostSplit.streamId} holds ${formatInt(last.mostSplit.streamEvents)} events`,
      );
    }
    for (const result of results) {
      console.log(
        `at ${formatInt(result.events)}: rebuild ${result.rebuild.projections} projections (exit ${result.rebuild.code}), verify exit ${result.verify.code}: ${result.verify.verdict}; ` +
          `first order answered ${result.firstOrderStatus}; export ${formatInt(result.export.events)} events, ${result.export.fileMiB.toFixed(0)} MiB`,
      );
    }
    console.log(`\n${report(results)}`);
    const end = machineFactsAtEnd(facts);
    console.log(`load average at end: ${end.loadAverageAtEnd}`);
    const path = benchOutputPath('bench-registry.json');
    writeFigures(path, { machine: end, shape, emptyRssMiB, emptyHealthySeconds, results });
    console.log(`wrote ${path}`);
    if (HOLD_SECONDS > 0) {
      // To look into a figure (EXPLAIN, statement counts) on the log as measured, before it is removed.
      console.log(`holding PostgreSQL at ${server.connectionString} (service data in ${serviceDir}) for ${HOLD_SECONDS} s`);
      await new Promise((resolve) => setTimeout(resolve, HOLD_SECONDS * 1000));
    }
    return 0;
  } finally {
    await pool.end();
    await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runBench(import.meta.url, 'bench:registry', main);
