import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type EventStore, type Position, type ProjectionHealth, type ProjectionName } from '@carbon-ledger/contracts';
import { AnnouncementReader, type BatchCommitted, LogFollowerRunner, projections, SkipAnnouncements } from '@carbon-ledger/projections';
import { sql } from 'kysely';
import type pg from 'pg';
import { EVENT_STORE, READ_MODELS, RUNTIME } from '../tokens.js';
import type { DatabaseAvailability } from '../postgres/database-availability.js';
import type { ReadModels } from '../postgres/database.js';
import { logFollowerHealth } from '../log-follower-health.js';
import { type ChannelListener, listenToChannel } from '../postgres/channel-listener.js';

export interface ProjectionHostRuntime {
  readonly readModelConnection: pg.ClientConfig;
  readonly database: DatabaseAvailability;
}

export class UnknownProjection extends Error {
  override readonly name = 'UnknownProjection';
  constructor(readonly projections: readonly string[]) {
    super(`no projection is named ${projections.join(', ')}`);
  }
}

/** The channel committed batches are announced on to every instance of the service. */
export const BATCHES_CHANNEL = 'carbon_ledger_projection_batches';

/**
 * Runs every projection and lets commands wait for their read models. With several instances on
 * one database, one instance leads each projection (its advisory lock); the others hear each
 * batch it commits (a NOTIFY sent in the batch's transaction), so their waits for read-your-writes
 * end and their sockets get the batch's messages as if they had applied it themselves.
 */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly runners: LogFollowerRunner[];
  private readonly batches = new EventEmitter();
  private readonly stopRetrying: () => void;
  private readonly origin = randomUUID();
  private readonly reader = new AnnouncementReader(this.origin);
  private readonly skips: SkipAnnouncements;
  private listener: ChannelListener | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) db: ReadModels,
    @Inject(RUNTIME) private readonly runtime: ProjectionHostRuntime,
  ) {
    this.batches.setMaxListeners(0);
    // A skip announcement is a hint that ends waits sooner (standby instances also read the stored checkpoints): no WAL flush is awaited for it.
    this.skips = new SkipAnnouncements(this.origin, (payload) =>
      sql`select set_config('synchronous_commit', 'off', true), pg_notify(${BATCHES_CHANNEL}, ${payload})`.execute(db),
    );
    this.runners = projections.map(
      (projection) =>
        new LogFollowerRunner(projection, {
          db,
          eventStore,
          connectionConfig: runtime.readModelConnection,
          onBatchCommitted: (batch) => this.batches.emit('batch', batch),
          announce: { channel: BATCHES_CHANNEL, origin: this.origin, skips: this.skips },
          logger: { log: (message) => this.logger.log(message), error: (message) => this.logger.error(message) },
        }),
    );
    // After an outage the runners resume from their checkpoints at once, not after their back-off.
    this.stopRetrying = runtime.database.onRecovered(() => {
      for (const runner of this.runners) runner.retryNow();
    });
  }

  onApplicationBootstrap(): void {
    // Batches other instances commit; one missed while the connection was lost is read from the stored checkpoints (the runners poll them on standby).
    this.listener = listenToChannel(
      this.runtime.readModelConnection,
      BATCHES_CHANNEL,
      (payload) => {
        for (const batch of this.reader.read(payload)) {
          this.runners.find((runner) => runner.follower.name === batch.projection)?.observe(batch.position);
          this.batches.emit('batch', batch);
        }
      },
      () => this.reader.reset(),
    );
    for (const runner of this.runners) runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopRetrying();
    await Promise.all(this.runners.map((runner) => runner.stop()));
    this.skips.stop();
    await this.listener?.close();
  }

  onBatchCommitted(listener: (batch: BatchCommitted) => void): () => void {
    this.batches.on('batch', listener);
    return () => this.batches.off('batch', listener);
  }

  /**
   * Read-your-writes: true once the named projections have applied `position`, false on timeout.
   * A name no projection has is refused: waiting for nothing would answer true at once.
   */
  async waitFor(names: readonly ProjectionName[], position: Position, timeoutMs: number): Promise<boolean> {
    const unknown = names.filter((name) => !this.runners.some((runner) => runner.follower.name === name));
    if (unknown.length > 0) throw new UnknownProjection(unknown);
    const runners = this.runners.filter((runner) => (names as readonly string[]).includes(runner.follower.name));
    const reached = await Promise.all(runners.map((runner) => runner.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  }

  async health(): Promise<ProjectionHealth[]> {
    const now = Date.now();
    return Promise.all(this.runners.map((runner) => logFollowerHealth(runner, 'projection', this.eventStore, now)));
  }
}
