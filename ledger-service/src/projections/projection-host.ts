import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type EventStore, type Position, type ProjectionHealth } from '@carbon-ledger/contracts';
import { type BatchCommitted, ProjectionRunner, projections } from '@carbon-ledger/projections';
import type pg from 'pg';
import { EVENT_STORE, READ_MODELS, RUNTIME } from '../infrastructure/tokens.js';
import type { DatabaseAvailability } from '../infrastructure/postgres/database-availability.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { logFollowerHealth } from '../infrastructure/log-follower-health.js';

export interface ProjectionHostRuntime {
  readonly readModelConnection: pg.ClientConfig;
  readonly database: DatabaseAvailability;
}

/** Runs every projection in-process and lets commands wait for their read models. */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private readonly runners: ProjectionRunner[];
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
        new ProjectionRunner(projection, {
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

  /** Read-your-writes: true once the named projections have applied `position`, false on timeout. */
  async waitFor(names: readonly string[], position: Position, timeoutMs: number): Promise<boolean> {
    const runners = this.runners.filter((runner) => names.includes(runner.projection.name));
    const reached = await Promise.all(runners.map((runner) => runner.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  }

  async health(): Promise<ProjectionHealth[]> {
    const now = Date.now();
    return Promise.all(this.runners.map((runner) => logFollowerHealth(runner, 'projection', this.eventStore, now)));
  }
}
