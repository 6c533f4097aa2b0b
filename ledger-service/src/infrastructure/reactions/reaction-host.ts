import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { EventStore, Position, ProjectionHealth, RecordedEvent } from '@carbon-ledger/contracts';
import { LogFollowerRunner } from '@carbon-ledger/projections';
import { logFollowerHealth } from '../log-follower-health.js';
import type { ReadModels } from '../postgres/database.js';
import type { ServiceRuntime } from '../service-runtime.js';
import { EVENT_STORE, READ_MODELS, RUNTIME } from '../tokens.js';

/**
 * Something one capability does when another's events happen. Driven from the
 * log with its own checkpoint, so it survives restarts; delivery is at least
 * once, so a reaction must be idempotent.
 */
export interface Reaction {
  readonly name: string;
  /** The event types `handle` acts on; the runner skips batches without them. Unset: every event. */
  readonly eventTypes?: ReadonlySet<string>;
  handle(event: RecordedEvent): Promise<void>;
  /** Handles a batch in log order with fewer round trips; same outcome as `handle` one by one. */
  handleBatch?(events: readonly RecordedEvent[]): Promise<void>;
  /** Events per batch (and per checkpoint transaction); REACTION_BATCH when unset. */
  readonly batchSize?: number;
  /**
   * Batches handled at once (LogFollower.pipelineDepth), for a reaction that waits on the outside
   * world; its checkpoint still moves in log order. 1 when unset.
   */
  readonly pipelineDepth?: number;
  /** How long the runner may wait, once caught up, to take more events per batch (Projection.lingerMs). */
  readonly lingerMs?: number;
}

/** Marks a provider as a Reaction: the host finds every one and runs it, so none registers itself. */
export const LogReaction = DiscoveryService.createDecorator<void>();

/** Small batches: a reaction's side effects run while its checkpoint transaction is open. */
const REACTION_BATCH = 10;

@Injectable()
export class ReactionHost implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Reactions');
  private readonly runners: LogFollowerRunner[] = [];
  private stopRetrying: (() => void) | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly discovery: DiscoveryService,
  ) {}

  onModuleInit(): void {
    for (const provider of this.discovery.getProviders({ metadataKey: LogReaction.KEY })) this.register(provider.instance as Reaction);
  }

  /** Runs from application bootstrap on. */
  private register(reaction: Reaction): void {
    const runner = new LogFollowerRunner(
      {
        name: `reaction:${reaction.name}`,
        ...(reaction.eventTypes ? { eventTypes: reaction.eventTypes } : {}),
        ...(reaction.lingerMs ? { lingerMs: reaction.lingerMs } : {}),
        ...(reaction.pipelineDepth ? { pipelineDepth: reaction.pipelineDepth } : {}),
        views: [],
        tables: [],
        applyBatch: async (events: readonly RecordedEvent[]) => {
          if (reaction.handleBatch) await reaction.handleBatch(events);
          else for (const event of events) await reaction.handle(event);
          return false;
        },
      },
      {
        db: this.db,
        eventStore: this.eventStore,
        connectionConfig: this.runtime.readModelConnection,
        batchSize: reaction.batchSize ?? REACTION_BATCH,
        logger: { log: (message) => this.logger.log(message), error: (message) => this.logger.error(message) },
      },
    );
    this.runners.push(runner);
  }

  onApplicationBootstrap(): void {
    // After an outage the reactions resume from their checkpoints at once, not after their back-off.
    this.stopRetrying = this.runtime.database.onRecovered(() => {
      for (const runner of this.runners) runner.retryNow();
    });
    for (const runner of this.runners) runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopRetrying?.();
    await Promise.all(this.runners.map((runner) => runner.stop()));
  }

  /** True once the named reaction has handled the log up to `position`, false after `timeoutMs`. */
  waitFor(name: string, position: Position, timeoutMs: number): Promise<boolean> {
    const runner = this.runners.find((candidate) => candidate.follower.name === `reaction:${name}`);
    return runner ? runner.waitFor(position, timeoutMs) : Promise.resolve(false);
  }

  async health(): Promise<ProjectionHealth[]> {
    const now = Date.now();
    return Promise.all(this.runners.map((runner) => logFollowerHealth(runner, 'reaction', this.eventStore, now)));
  }
}
