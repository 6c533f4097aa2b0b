import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ColumnType, Kysely } from 'kysely';
import { sql } from 'kysely';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { ExclusiveJob } from '../../infrastructure/postgres/exclusive-job.js';
import type { ServiceRuntime } from '../../infrastructure/service-runtime.js';
import { READ_MODELS, RUNTIME } from '../../infrastructure/tokens.js';
import { XrplConnection } from '../../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { deriveId } from '../../shared/command-context.js';
import { DepositRecorder, type DepositOutcome } from '../deposit-recorder.js';
import { settlementTokenOf } from '../settlement-token.js';
import { classifyTransaction } from './incoming-deposit.js';

interface DepositWatchDatabase {
  funds_deposit_watch: {
    address: string;
    ledger_index: ColumnType<string, string | number, string | number>;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
}

/** Transactions per account_tx page. */
const PAGE = 200;
/**
 * rippled writes a validated ledger's transactions to its account_tx index asynchronously, so the
 * newest ledgers are read once more on the next pass; a payment seen twice is recorded once.
 */
const RESCAN_LEDGERS = 4;
/** After a failed pass (the ledger or the database out of reach) the next comes this soon, or at the interval when shorter. */
const RETRY_MS = 5_000;
/** Hashes this process has settled lately, so the re-read ledgers cost no reads of the log. */
const RECENT_HASHES = 10_000;

const WATCHER_ACTOR = { userId: 'deposit-watcher', role: 'compliance' } as const;

export interface DepositWatchPass {
  /** The last ledger whose transactions are all recorded (null: the deposit address has no history yet). */
  readonly checkpoint: number | null;
  /** What became of each deposit this pass recorded, by transaction hash (ignored transactions are not listed). */
  readonly outcomes: ReadonlyMap<string, DepositOutcome['kind']>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isAccountNotFound(error: unknown): boolean {
  const token = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return token === 'actNotFound' || (error instanceof Error && /actNotFound/.test(error.message));
}

/**
 * Follows the deposit address's validated transactions (account_tx forward from a checkpoint, woken
 * by an account subscription and by a timer) and records each payment of the settlement token:
 * credited to the owner of its destination tag, or held for compliance review (DepositRecorder,
 * once per hash). The checkpoint moves only past ledgers whose transactions are all recorded, so a
 * restart never skips a payment. One instance runs it (a PostgreSQL advisory lock); another takes
 * over when it dies.
 */
@Injectable()
export class DepositWatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Deposits');
  private readonly job: ExclusiveJob;
  private readonly db: Kysely<DepositWatchDatabase>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DepositWatchPass> | undefined;
  /** A wake-up during a pass: run another right after it. */
  private again = false;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private readonly recent = new Set<string>();

  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_MODELS) readModels: ReadModels,
    @Inject(RUNTIME) runtime: Pick<ServiceRuntime, 'readModelConnection'>,
    private readonly deposits: DepositRecorder,
    private readonly connection: XrplConnection,
  ) {
    this.db = readModels as unknown as Kysely<DepositWatchDatabase>;
    this.job = new ExclusiveJob(
      'deposit-watcher',
      runtime.readModelConnection,
      () => this.taken(),
      (message) => this.logger.log(message),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.DEPOSIT_WATCH_INTERVAL_MS === 0) return;
    if (!settlementTokenOf(this.gateway, this.config)) {
      this.logger.warn('no settlement token is configured (FUNDS_TOKEN_ISSUER, FUNDS_TOKEN_CURRENCY): deposits are not watched');
      return;
    }
    this.job.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.job.stop();
    await this.running?.catch(() => undefined);
  }

  /** True while this instance holds the watcher job. */
  get watching(): boolean {
    return this.job.held;
  }

  /** Reads what is new on the deposit address and records it now, whether or not this instance holds the job; one pass at a time. */
  watchNow(): Promise<DepositWatchPass> {
    return this.run(() => !this.stopped);
  }

  private run(keepGoing: () => boolean): Promise<DepositWatchPass> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass(keepGoing).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private taken(): void {
    this.unsubscribe ??= this.gateway.onAccountTransaction(this.gateway.wallets.deposit.address, () => this.wake());
    // Before provisioning has created the deposit address there is nothing to read.
    void this.connection.ready.then(() => this.cycle());
  }

  private wake(): void {
    if (this.stopped || !this.job.held) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => this.cycle(), delayMs);
    this.timer.unref();
  }

  private cycle(): void {
    // Another instance holds the job now; this one resumes when it takes it back.
    if (this.stopped || !this.job.held) return;
    this.again = false;
    this.run(() => !this.stopped && this.job.held).then(
      () => this.schedule(this.again ? 0 : this.config.DEPOSIT_WATCH_INTERVAL_MS),
      (error: unknown) => {
        this.logger.error(`watching the deposit address failed: ${errorText(error)}`);
        this.schedule(Math.min(this.config.DEPOSIT_WATCH_INTERVAL_MS, RETRY_MS));
      },
    );
  }

  private async pass(keepGoing: () => boolean): Promise<DepositWatchPass> {
    const token = settlementTokenOf(this.gateway, this.config);
    const address = this.gateway.wallets.deposit.address;
    const outcomes = new Map<string, DepositOutcome['kind']>();
    let checkpoint = await this.checkpoint(address);
    if (!token) return { checkpoint, outcomes };
    const validated = await this.gateway.validatedLedgerIndex();
    const from = checkpoint === null ? -1 : Math.max(1, checkpoint + 1 - RESCAN_LEDGERS);
    // A node behind the checkpoint (one still catching up) has nothing new.
    if (from > validated) return { checkpoint, outcomes };
    let marker: unknown;
    do {
      let page;
      try {
        page = await this.gateway.request({
          command: 'account_tx',
          account: address,
          ledger_index_min: from,
          ledger_index_max: validated,
          forward: true,
          limit: PAGE,
          ...(marker === undefined ? {} : { marker }),
        });
      } catch (error) {
        // The deposit address is not on the ledger yet (provisioning funds it): nothing to read.
        if (isAccountNotFound(error)) return { checkpoint, outcomes };
        throw error;
      }
      for (const entry of page.result.transactions) {
        // The job went to another instance: stop here, the checkpoint stays where everything before it is recorded.
        if (!keepGoing()) return { checkpoint, outcomes };
        const classified = classifyTransaction(entry, address, token);
        if (classified.kind === 'ignored') continue;
        const { deposit } = classified;
        if (this.recent.has(deposit.txHash)) continue;
        const correlationId = deriveId(deposit.txHash, 'deposit-watch');
        const outcome = await this.deposits.receive(deposit, { actor: WATCHER_ACTOR, correlationId, now: new Date() });
        outcomes.set(deposit.txHash, outcome.kind);
        this.remember(deposit.txHash);
        if (outcome.kind === 'held')
          this.logger.warn(`deposit ${deposit.txHash} from ${deposit.sender} is held for compliance review (tag ${deposit.destinationTag ?? 'none'})`);
        if (outcome.kind === 'credited-elsewhere') this.logger.error(`deposit ${deposit.txHash} was credited to another account before; not credited again`);
      }
      marker = page.result.marker;
      // Every ledger before the marker's is done.
      const next = (marker as { ledger?: unknown } | undefined)?.ledger;
      const done = marker === undefined ? validated : typeof next === 'number' ? next - 1 : null;
      if (done !== null && (checkpoint === null || done > checkpoint)) {
        await this.advance(address, done);
        checkpoint = done;
      }
    } while (marker !== undefined);
    return { checkpoint, outcomes };
  }

  private remember(txHash: string): void {
    if (this.recent.size >= RECENT_HASHES) this.recent.clear();
    this.recent.add(txHash);
  }

  private async checkpoint(address: string): Promise<number | null> {
    const row = await this.db.selectFrom('funds_deposit_watch').select('ledger_index').where('address', '=', address).executeTakeFirst();
    return row ? Number(row.ledger_index) : null;
  }

  private async advance(address: string, ledgerIndex: number): Promise<void> {
    await this.db
      .insertInto('funds_deposit_watch')
      .values({ address, ledger_index: ledgerIndex })
      .onConflict((conflict) =>
        conflict.column('address').doUpdateSet({
          ledger_index: sql`greatest(funds_deposit_watch.ledger_index, excluded.ledger_index)`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }
}
