import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type EventStore, type Position, type ProjectionHealth, type ProjectionName } from '@carbon-ledger/contracts';
import { type BatchCommitted, LogFollowerRunner, projections } from '@carbon-ledger/projections';
import type pg from 'pg';
import { EVENT_STORE, READ_MODELS, RUNTIME } from '../tokens.js';
import type { DatabaseAvailability } from '../postgres/database-availability.js';
import type { ReadModels } from '../postgres/database.js';
import { logFollowerHealth } from '../log-follower-health.js';

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

/** Runs every projection in-process and lets commands wait for their read models. */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly runners: LogFollowerRunner[];
  private readonly batches = new EventEmitter();
  private readonly stopRetrying: () => void;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) db: ReadModels,
    @Inject(RUNTIME) runtime: ProjectionHostRuntime,
  ) {
    this.batches.setMaxListeners(0);
    this.runners = projections.map(
      (projection) =>
        new LogFollowerRunner(projection, {
          db,
          eventStore,
          connectionConfig: runtime.readModelConnection,
          onBatchCommitted: (batch) => this.batches.emit('batch', batch),
          logger: { log: (message) => this.logger.log(message), error: (message) => this.logger.error(message) },
        }),
    );
    // After an outage the runners resume from their checkpoints at once, not after their back-off.
    this.stopRetrying = runtime.database.onRecovered(() => {
      for (const runner of this.runners) runner.retryNow();
    });
  }

  onApplicationBootstrap(): void {
    for (const runner of this.runners) runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopRetrying();
    await Promise.all(this.runners.map((runner) => runner.stop()));
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
