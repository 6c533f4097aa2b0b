import {
  comparePositions,
  type AllSubscription,
  type EventStore,
  type Position,
  type PushedMessage,
  type RecordedEvent,
  START,
} from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { ReadModelDatabase } from '../read-model-database.js';
import { type LogFollower, takesEvent } from './projection.js';
import { announcementPayloads, type SkipAnnouncements } from './announcement.js';
import { singleConnectionPool } from './single-connection-pool.js';
import { storableEvent } from './storable-event.js';

export interface ProjectionLogger {
  log(message: string): void;
  error(message: string): void;
}

export interface BatchCommitted {
  /** The follower's name. */
  readonly projection: string;
  /** Views whose rows changed in the batch (empty when the batch held no relevant event). */
  readonly views: readonly string[];
  readonly position: Position;
  readonly events: number;
  /** Types of the events the projection applied in the batch (empty when it passed the batch over). */
  readonly eventTypes: ReadonlySet<string>;
  /** What the batch pushes to sockets (LogFollower.pushedMessages); empty for most followers. */
  readonly messages: readonly PushedMessage[];
}

export interface LogFollowerRunnerOptions {
  readonly db: Kysely<ReadModelDatabase>;
  readonly eventStore: EventStore;
  /** For the leader connection: it holds the follower's advisory lock and writes its batches. */
  readonly connectionConfig: pg.ClientConfig;
  readonly batchSize?: number;
  readonly onBatchCommitted?: (batch: BatchCommitted) => void;
  readonly logger?: ProjectionLogger;
  /**
   * Other instances hear each committed batch through a NOTIFY on this channel, sent in the batch's
   * own transaction: delivered if and only if the batch commits, even when this process dies the
   * moment after (announcement.ts reads it back).
   */
  readonly announce?: {
    readonly channel: string;
    readonly origin: string;
    /** Where the runner tells how far it moved without a transaction; shared by a host's runners. */
    readonly skips?: SkipAnnouncements;
  };
}

export type ProjectionStatus = 'starting' | 'standby' | 'running' | 'failed' | 'stopped';

/** Where a runner is stuck: the event it cannot get past (when one is to blame), why, and since when. */
export interface ProjectionFailure {
  /** The event that failed, when the error came from applying it (not from, say, a lost connection). */
  readonly event?: { readonly position: Position; readonly type: string };
  readonly error: string;
  /** When the first attempt at this failure failed (epoch ms). */
  readonly since: number;
  /** Attempts so far; each waits a longer back-off step before the next. */
  readonly attempts: number;
}

/** A failure applying one event: the runner stops at it, never skips it. */
export class EventApplyFailed extends Error {
  override readonly name = 'EventApplyFailed';
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * SQLSTATE classes an event's values cause (a value out of a column's range, an invalid byte
 * sequence, a broken constraint, a statement the event's shape built wrongly). Other failures
 * (connection lost, the checkpoint moved by another instance, a server shutting down) are not
 * the event's fault.
 */
const EVENT_CAUSED_SQLSTATE_CLASSES = new Set(['21', '22', '23', '42']);

function isEventCaused(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // Errors of the projection's or reaction's own code carry no code; Node's system errors do.
  if (code === undefined) return error instanceof Error;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && EVENT_CAUSED_SQLSTATE_CLASSES.has(code.slice(0, 2));
}

interface Waiter {
  readonly position: Position;
  readonly resolve: (reached: boolean) => void;
}

const DEFAULT_BATCH_SIZE = 500;
const LEADER_RETRY_MS = 1_000;
const NO_TYPES: ReadonlySet<string> = new Set();
/** A runner that skips irrelevant batches stores its checkpoint at least this often… */
const CHECKPOINT_PERSIST_MS = 5_000;
/** …or after this many skipped events, so a restart re-reads little. */
const CHECKPOINT_PERSIST_EVENTS = 5_000;
const MAX_FAILURE_BACKOFF_MS = 30_000;

export function advisoryLockKey(projectionName: string): string {
  return `projection:${projectionName}`;
}

export async function readCheckpoint(db: Kysely<ReadModelDatabase>, name: string): Promise<{ position: Position; eventsApplied: bigint } | undefined> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['commit_position', 'prepare_position', 'events_applied'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
    eventsApplied: BigInt(row.events_applied),
  };
}

/**
 * Runs one log follower (a projection or a reaction): reads batches after its checkpoint,
 * applies them and moves the checkpoint in the same transaction. Only the instance holding
 * the follower's advisory lock applies events, on the connection that holds the lock; others
 * stand by.
 */
export class LogFollowerRunner {
  private checkpoint: Position = START;
  /** How far batches were handed to the follower; ahead of `checkpoint` while pipelined batches are in flight. */
  private taken: Position = START;
  /** Pipelined batches not yet committed, oldest first; each commits after the one before it. */
  private inFlight: Promise<void>[] = [];
  /** The checkpoint as stored; behind `checkpoint` while only irrelevant events were passed. */
  private persisted: Position = START;
  private persistedAt = 0;
  private unpersistedEvents = 0;
  private eventsApplied = 0n;
  private state: ProjectionStatus = 'stopped';
  private failure: ProjectionFailure | undefined;
  private leader: pg.Client | undefined;
  /** While another instance leads: the connection that asks for the lock again, kept so standing by opens no connection a second. */
  private candidate: pg.Client | undefined;
  /** The leader connection seen through the query builder (`applyBatch`'s writer). */
  private readonly writer: Kysely<ReadModelDatabase>;
  private subscription: AllSubscription | undefined;
  private running: Promise<void> | undefined;
  private stopping = false;
  private waiters: Waiter[] = [];
  private stopSleep: (() => void) | undefined;
  private retryRequested = false;
  private endLinger: (() => void) | undefined;

  constructor(
    readonly follower: LogFollower,
    private readonly options: LogFollowerRunnerOptions,
  ) {
    this.writer = new Kysely<ReadModelDatabase>({ dialect: new PostgresDialect({ pool: this.leaderPool() }) });
  }

  get position(): Position {
    return this.checkpoint;
  }

  get status(): { state: ProjectionStatus; checkpoint: Position; eventsApplied: bigint; error?: string; failure?: ProjectionFailure } {
    const failure = this.failure;
    return {
      // Between two attempts at a failure the runner is still stuck, even while it retries.
      state: failure && this.state !== 'stopped' ? 'failed' : this.state,
      checkpoint: this.checkpoint,
      eventsApplied: this.eventsApplied,
      ...(failure === undefined ? {} : { error: failure.error, failure }),
    };
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.state = 'starting';
    this.running = this.runUntilStopped();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSleep?.();
    this.endLinger?.();
    await this.subscription?.close();
    await this.running;
    this.running = undefined;
    await this.flushCheckpoint();
    await this.releaseLeadership();
    this.state = 'stopped';
    for (const waiter of this.waiters.splice(0)) waiter.resolve(false);
  }

  /** Ends a failure back-off now (the database answers again): the runner resumes from its stored checkpoint. */
  retryNow(): void {
    if (this.state !== 'failed') return;
    // Also when it comes before the back-off has begun (the runner is still closing its subscription).
    this.retryRequested = true;
    this.stopSleep?.();
  }

  /** Resolves true once the checkpoint has reached `position`, false after `timeoutMs`. */
  waitFor(position: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.checkpoint, position) >= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        resolve: (reached) => {
          clearTimeout(timer);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(waiter);
      // Someone reads this projection now: no more gathering.
      this.endLinger?.();
    });
  }

  /**
   * Another instance leads and has committed up to `position` (heard from its announcement or read
   * from the stored checkpoint): waiters here are released as if this runner had applied it.
   */
  observe(position: Position): void {
    if (this.leader || comparePositions(position, this.checkpoint) <= 0) return;
    this.checkpoint = position;
    this.releaseWaiters();
  }

  private async runUntilStopped(): Promise<void> {
    let failureBackoffMs = 500;
    while (!this.stopping) {
      try {
        if (!(await this.acquireLeadership())) {
          this.state = 'standby';
          // Read-your-writes on this instance waits on the leader's stored checkpoint.
          const shared = await readCheckpoint(this.options.db, this.follower.name);
          if (shared) this.observe(shared.position);
          await this.sleep(LEADER_RETRY_MS);
          continue;
        }
        const stored = await readCheckpoint(this.options.db, this.follower.name);
        this.checkpoint = stored?.position ?? START;
        this.persisted = this.checkpoint;
        this.persistedAt = Date.now();
        this.unpersistedEvents = 0;
        this.eventsApplied = stored?.eventsApplied ?? 0n;
        this.state = 'running';
        // Waiters for what the stored checkpoint already covers are done (the log may hold nothing beyond it).
        this.releaseWaiters();
        // A failure no event caused (a lost connection) is over once the runner is back; one an event caused lasts until it is past that event.
        if (this.failure && !this.failure.event) this.failure = undefined;
        const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
        this.taken = this.checkpoint;
        // Batches of the follower's own types: one that waits on the outside world then waits once per
        // batchSize events it handles, not per batchSize events of the log.
        this.subscription = this.options.eventStore.subscribeAll({
          after: this.checkpoint,
          batchSize,
          ...(this.follower.eventTypes ? { eventTypes: this.follower.eventTypes } : {}),
        });
        // stop() may have run while we were taking the lock or reading the checkpoint.
        if (this.stopping) {
          await this.subscription.close();
          break;
        }
        const lingerMs = this.follower.lingerMs ?? 0;
        const subscription = this.subscription;
        for await (const batch of subscription) {
          const through = subscription.position ?? batch.at(-1)?.position ?? this.taken;
          if ((this.follower.pipelineDepth ?? 1) > 1) await this.pipelineBatch(batch, through);
          else await this.applyBatch(batch, through);
          // Back to short retries only once past what failed (not after a batch before it).
          if (!this.failure) failureBackoffMs = 500;
          if (this.stopping) break;
          // Caught up: let the next events gather, within the projection's latency budget.
          if (lingerMs > 0 && batch.length < batchSize) await this.linger(lingerMs);
        }
        await this.drainPipeline();
      } catch (error) {
        // Batches in flight commit what they finished, in order, before the leader connection goes.
        await this.drainPipeline().catch(() => undefined);
        if (this.stopping) break;
        this.state = 'failed';
        this.failure = this.failureAfter(error);
        // Once per back-off step: the wait below doubles up to MAX_FAILURE_BACKOFF_MS.
        this.options.logger?.error(`${describeFailure(this.follower.name, this.failure)}; retrying in ${failureBackoffMs} ms`);
        await this.subscription?.close().catch(() => undefined);
        await this.releaseLeadership();
        if (!this.retryRequested) await this.sleep(failureBackoffMs);
        this.retryRequested = false;
        failureBackoffMs = Math.min(failureBackoffMs * 2, MAX_FAILURE_BACKOFF_MS);
      }
    }
  }

  /** The failure to record for `error`, counting attempts while it is the same one. */
  private failureAfter(error: unknown): ProjectionFailure {
    const event = error instanceof EventApplyFailed ? { position: error.event.position, type: error.event.type } : undefined;
    const message = error instanceof Error ? error.message : String(error);
    const previous = this.failure;
    const same =
      previous !== undefined &&
      previous.error === message &&
      (previous.event === undefined ? event === undefined : event !== undefined && comparePositions(previous.event.position, event.position) === 0);
    return {
      ...(event === undefined ? {} : { event }),
      error: message,
      since: same ? previous.since : Date.now(),
      attempts: same ? previous.attempts + 1 : 1,
    };
  }

  private isRelevant(event: RecordedEvent): boolean {
    return takesEvent(this.follower, event);
  }

  /** The batch's events not taken yet, and whether it moves the runner at all (it may only pass events of other types). */
  private take(batch: readonly RecordedEvent[], through: Position): RecordedEvent[] | undefined {
    const fresh = batch.filter((event) => comparePositions(event.position, this.taken) > 0);
    if (comparePositions(through, this.taken) <= 0 && fresh.length === 0) return undefined;
    this.taken = comparePositions(through, this.taken) > 0 ? through : this.taken;
    return fresh;
  }

  private async applyBatch(batch: readonly RecordedEvent[], through: Position): Promise<void> {
    const fresh = this.take(batch, through);
    if (fresh) await this.applyInOrder(fresh, this.taken);
  }

  private async applyInOrder(fresh: readonly RecordedEvent[], through: Position): Promise<void> {
    const relevant = fresh.filter((event) => this.isRelevant(event)).map(storableEvent);
    try {
      await this.commitEvents(fresh, relevant, through);
    } catch (error) {
      if (!isEventCaused(error)) throw error;
      if (relevant.length === 1) throw new EventApplyFailed(relevant[0]!, error);
      // Which event? One transaction per event: those before it are kept, the checkpoint stops just before it.
      let chunk: RecordedEvent[] = [];
      for (const event of fresh) {
        chunk.push(event);
        if (!this.isRelevant(event)) continue;
        try {
          await this.commitEvents(chunk, [storableEvent(event)], event.position);
        } catch (eventError) {
          throw isEventCaused(eventError) ? new EventApplyFailed(event, eventError) : eventError;
        }
        chunk = [];
      }
      await this.commitEvents(chunk, [], through);
      // Every event applied on its own: the batch failed for another reason; the next attempt retries it.
      throw error;
    }
  }

  /**
   * A pipelined follower's batch: its work starts now, while the batches before it may still wait
   * (on XRPL, say), and its checkpoint commits after theirs. A batch that fails commits nothing, nor
   * does any after it; the runner then resumes from the last committed one (the follower is
   * idempotent, as every reaction is).
   */
  private async pipelineBatch(batch: readonly RecordedEvent[], through: Position): Promise<void> {
    const fresh = this.take(batch, through);
    if (!fresh) return;
    const relevant = fresh.filter((event) => this.isRelevant(event)).map(storableEvent);
    const work = relevant.length > 0 ? this.follower.applyBatch(relevant, this.writer) : Promise.resolve(false);
    work.catch(() => undefined);
    const before = this.inFlight.at(-1);
    const step = (async () => {
      await before;
      let changed: boolean;
      try {
        changed = await work;
      } catch (error) {
        if (!isEventCaused(error)) throw error;
        // Again, in order, one event per transaction if need be, to name the event to blame.
        return this.applyInOrder(fresh, through);
      }
      await this.commitEvents(fresh, relevant, through, changed);
    })();
    // A failure ends the subscription, so the runner learns of it even while no new batch comes.
    step.catch(() => void this.subscription?.close().catch(() => undefined));
    this.inFlight.push(step);
    void step
      .finally(() => {
        this.inFlight = this.inFlight.filter((other) => other !== step);
      })
      .catch(() => undefined);
    const oldest = this.inFlight[0];
    if (this.inFlight.length >= (this.follower.pipelineDepth ?? 1) && oldest) await oldest;
  }

  /** Waits for the pipelined batches in flight; throws the first failure. */
  private async drainPipeline(): Promise<void> {
    const pending = this.inFlight;
    if (pending.length === 0) return;
    const settled = await Promise.allSettled(pending);
    const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * Applies `relevant` (the events of `fresh` this projection acts on) and moves the checkpoint to
   * `through` (at or past the last of `fresh`). `changed` is the outcome of a pipelined batch whose
   * work is already done.
   */
  private async commitEvents(fresh: readonly RecordedEvent[], relevant: readonly RecordedEvent[], through: Position, changed?: boolean): Promise<void> {
    if (comparePositions(through, this.checkpoint) <= 0 && fresh.length === 0) return;
    const last = { position: through };
    if (relevant.length === 0 && !this.persistDue(fresh.length)) {
      // Nothing here for this projection: move on without a transaction.
      this.advance(last.position, fresh.length, false, NO_TYPES, []);
      this.unpersistedEvents += fresh.length;
      this.announceSkip();
      return;
    }
    const leader = this.leader;
    if (!leader) throw new Error(`log follower ${this.follower.name} lost its leader connection`);
    const events = fresh.length + this.unpersistedEvents;
    // The leader connection pipelines: the opening and the batch's statements go out together,
    // then the checkpoint move with the commit. Every answer is awaited in order below, so the
    // first failure is the one reported, not the "transaction is aborted" of those after it.
    const send = (text: string, values?: unknown[]): Promise<pg.QueryResult> => {
      const answer = leader.query(text, values);
      answer.catch(() => undefined);
      return answer;
    };
    // The commit need not wait for its WAL flush: the leader connection runs with synchronous_commit off.
    const opening = send('begin');
    // The checkpoint moves last: the transaction takes an id only at its first write, and an id
    // holds back every reader of the log (the xid horizon). A reaction's batch may wait seconds on
    // XRPL before it writes, and with the move first every projection stood still meanwhile.
    const applying =
      changed !== undefined ? Promise.resolve(changed) : relevant.length > 0 ? this.follower.applyBatch(relevant, this.writer) : Promise.resolve(false);
    applying.catch(() => undefined);
    const eventTypes = new Set(relevant.map((event) => event.type));
    const messages = this.follower.pushedMessages?.(relevant) ?? [];
    try {
      await opening;
      changed = await applying;
      const announce = this.options.announce;
      // The announcement goes out with the checkpoint move, in the same statement and transaction.
      const announcement = announce
        ? {
            channel: announce.channel,
            payloads: announcementPayloads(announce.origin, {
              projection: this.follower.name,
              views: changed ? this.follower.views : [],
              position: last.position,
              events: fresh.length,
              eventTypes,
              messages,
            }),
          }
        : undefined;
      const moved = send(...this.moveCheckpointQuery(last.position, events, announcement));
      const committing = send('commit');
      await moved;
      const committed = await committing;
      if (committed.command !== 'COMMIT') throw new Error(`log follower ${this.follower.name}: the batch's transaction ended in ${committed.command}`);
    } catch (error) {
      // Ends the transaction whatever failed (the pipeline keeps its order; a rollback outside one only warns).
      await applying.catch(() => undefined);
      await send('rollback').catch(() => undefined);
      throw error;
    } finally {
      // This transaction may have held back readers of the log (it had a transaction id).
      this.options.eventStore.transactionEnded?.();
    }
    this.persisted = last.position;
    this.persistedAt = Date.now();
    this.unpersistedEvents = 0;
    this.advance(last.position, fresh.length, changed, eventTypes, messages);
  }

  /**
   * Tells other instances the runner moved past events it had nothing to do with (no transaction,
   * no stored checkpoint): their waits on this projection for those events end too. The host's
   * runners share one NOTIFY per interval (SkipAnnouncements); the batches this runner committed
   * before were announced in their own transactions, which committed first.
   */
  private announceSkip(): void {
    this.options.announce?.skips?.skipped(this.follower.name, this.checkpoint);
  }

  private persistDue(events: number): boolean {
    return this.unpersistedEvents + events >= CHECKPOINT_PERSIST_EVENTS || Date.now() - this.persistedAt >= CHECKPOINT_PERSIST_MS;
  }

  /**
   * Moves the stored checkpoint from where this instance last stored it; raises if another instance
   * moved it. With `announcement`, the same statement NOTIFYs its payloads, in order.
   */
  private moveCheckpointQuery(
    position: Position,
    events: number,
    announcement?: { readonly channel: string; readonly payloads: readonly string[] },
  ): [string, unknown[]] {
    const previous = this.persisted;
    const moved = [
      this.follower.name,
      previous.commit.toString(),
      previous.prepare.toString(),
      position.commit.toString(),
      position.prepare.toString(),
      events,
    ];
    return announcement
      ? ['select move_projection_checkpoint($1, $2, $3, $4, $5, $6, $7, $8)', [...moved, announcement.channel, announcement.payloads]]
      : ['select move_projection_checkpoint($1, $2, $3, $4, $5, $6)', moved];
  }

  /** `writer`'s pool: the leader connection, never released to anyone else. */
  private leaderPool(): PostgresPool {
    return singleConnectionPool(() => {
      if (!this.leader) throw new Error(`log follower ${this.follower.name} has no leader connection`);
      return this.leader;
    });
  }

  /** On a clean stop, stores a checkpoint that only skipped events had moved. */
  private async flushCheckpoint(): Promise<void> {
    // By position: a filtered subscription passes events of other types without handing them over.
    if (!this.leader || comparePositions(this.checkpoint, this.persisted) <= 0) return;
    try {
      await this.leader.query(...this.moveCheckpointQuery(this.checkpoint, this.unpersistedEvents));
      this.persisted = this.checkpoint;
      this.unpersistedEvents = 0;
    } catch {
      // Another instance has taken over; it replays from the stored checkpoint.
    }
  }

  private advance(position: Position, events: number, changed: boolean, eventTypes: ReadonlySet<string>, messages: readonly PushedMessage[]): void {
    this.checkpoint = position;
    const failedAt = this.failure?.event?.position;
    if (this.failure && (failedAt === undefined || comparePositions(position, failedAt) >= 0)) {
      this.options.logger?.log(`projection ${this.follower.name} is past its failure (${describeFailure(this.follower.name, this.failure)})`);
      this.failure = undefined;
    }
    this.eventsApplied += BigInt(events);
    this.options.onBatchCommitted?.({
      projection: this.follower.name,
      views: changed ? this.follower.views : [],
      position,
      events,
      eventTypes,
      messages,
    });
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    if (this.waiters.length === 0) return;
    const pending: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (comparePositions(this.checkpoint, waiter.position) >= 0) waiter.resolve(true);
      else pending.push(waiter);
    }
    this.waiters = pending;
  }

  private async acquireLeadership(): Promise<boolean> {
    if (this.leader) return true;
    let client = this.candidate;
    if (!client) {
      const fresh = new pg.Client({ ...leaderConnection(this.options.connectionConfig), pipeline: true });
      fresh.on('error', () => {
        // The lock dies with the connection; the checkpoint guard stops a stale writer.
        if (this.leader === fresh) this.leader = undefined;
        if (this.candidate === fresh) this.candidate = undefined;
      });
      this.candidate = fresh;
      try {
        await fresh.connect();
      } catch (error) {
        this.candidate = undefined;
        throw error;
      }
      client = fresh;
    }
    const result = await client.query<{ acquired: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as acquired', [
      advisoryLockKey(this.follower.name),
    ]);
    if (result.rows[0]?.acquired) {
      this.candidate = undefined;
      this.leader = client;
      return true;
    }
    return false;
  }

  private async releaseLeadership(): Promise<void> {
    const clients = [this.leader, this.candidate];
    this.leader = undefined;
    this.candidate = undefined;
    await Promise.all(clients.map((client) => client?.end().catch(() => undefined)));
  }

  /** Waits up to `ms`, and not at all or no longer once someone waits for this projection. */
  private linger(ms: number): Promise<void> {
    if (this.waiters.length > 0) return Promise.resolve();
    return cancellableDelay(ms, (end) => {
      this.endLinger = end;
    });
  }

  private sleep(ms: number): Promise<void> {
    return cancellableDelay(ms, (end) => {
      this.stopSleep = end;
    });
  }
}

/** Waits up to `ms`; `keepEnd` holds the function that ends the wait early while it lasts (undefined after). */
function cancellableDelay(ms: number, keepEnd: (end: (() => void) | undefined) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      keepEnd(undefined);
      resolve();
    };
    const timer = setTimeout(done, ms);
    keepEnd(done);
  });
}

/**
 * The leader connection's settings: its commits do not wait for their WAL flush. What it writes
 * (a batch's rows with their checkpoint, kept or lost together) the log can always replay, and
 * waiting for the flush cost every batch, and every skip announcement, a disk write.
 */
function leaderConnection(config: pg.ClientConfig): pg.ClientConfig {
  return { ...config, options: [config.options, '-c synchronous_commit=off'].filter(Boolean).join(' ') };
}

/** "projection aml-alerts failed at event 1042:1042 (OrderPlaced): numeric field overflow" */
export function describeFailure(name: string, failure: ProjectionFailure): string {
  const where = failure.event ? ` at event ${failure.event.position.commit}:${failure.event.position.prepare} (${failure.event.type})` : '';
  return `projection ${name} failed${where}: ${failure.error}`;
}
