import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventStore, ProjectionHealth } from '@carbon-ledger/contracts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type AppendOutcome, hasObservableAppends } from '../../event-store/append-observer.js';
import { ProjectionHost } from '../projections/projection-host.js';
import { ReactionHost } from '../reactions/reaction-host.js';
import { EVENT_STORE } from '../tokens.js';

/** One lag reading serves every gauge of a scrape (and scrapes closer together than this). */
const LAG_READING_TTL_MS = 1_000;

const FOLLOWER_LABELS = ['name', 'kind'] as const;

/**
 * The service's Prometheus metrics, in a registry of its own (not prom-client's global one), so
 * two services in one process (tests, `startAnotherProcess`) keep their figures apart.
 * Projection and reaction lag is read from the same function as `/api/health` when scraped.
 */
@Injectable()
export class ServiceMetrics implements OnModuleInit, OnModuleDestroy {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long they took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly appendDuration = new Histogram({
    name: 'carbon_ledger_event_append_duration_seconds',
    help: 'appendToStream calls by outcome (appended, replayed, conflict, failed), and how long they took, waiting for their group-commit batch included',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  private readonly batchEvents = new Histogram({
    name: 'carbon_ledger_event_append_batch_events',
    help: 'Events per write to the event store (a group-commit batch on PostgreSQL, one append on KurrentDB)',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [this.registry],
  });

  private readonly batchAppends = new Histogram({
    name: 'carbon_ledger_event_append_batch_appends',
    help: 'appendToStream calls per write to the event store (group commit)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [this.registry],
  });

  private readonly lagEvents = new Gauge({
    name: 'carbon_ledger_log_follower_lag_events',
    help: 'Events of the log a projection or reaction has not handled yet (counted up to 10,000), as /api/health reports them',
    labelNames: FOLLOWER_LABELS,
    registers: [this.registry],
    collect: () => this.readLag(),
  });

  private readonly lagSeconds = new Gauge({
    name: 'carbon_ledger_log_follower_lag_seconds',
    help: 'Age of the oldest event a projection or reaction has not handled yet (0 when caught up)',
    labelNames: FOLLOWER_LABELS,
    registers: [this.registry],
    collect: () => this.readLag(),
  });

  private readonly followerFailed = new Gauge({
    name: 'carbon_ledger_log_follower_failed',
    help: '1 while a projection or reaction is stuck at an event (/api/health answers 503), else 0',
    labelNames: FOLLOWER_LABELS,
    registers: [this.registry],
    collect: () => this.readLag(),
  });

  private readonly xrplSubmissions = new Counter({
    name: 'carbon_ledger_xrpl_submissions_total',
    help: "Transactions submitted to the XRPL node, by the node's preliminary engine result (or not_sent when the request failed)",
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private readonly xrplOutcomes = new Counter({
    name: 'carbon_ledger_xrpl_outcomes_total',
    help: 'Final outcomes of submitted transactions: the validated result, a final refusal (tem, tef, tel), or expired (LastLedgerSequence passed unvalidated)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private socketCount: () => number = () => 0;

  private readonly sockets: Gauge = new Gauge({
    name: 'carbon_ledger_socket_connections',
    help: 'Signed-in socket.io connections open at this process',
    registers: [this.registry],
    collect: (): void => this.sockets.set(this.socketCount()),
  });

  private lagReading: { readonly at: number; readonly done: Promise<void> } | undefined;
  private stopObserving: (() => void) | undefined;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly projections: ProjectionHost,
    private readonly reactions: ReactionHost,
  ) {
    collectDefaultMetrics({ register: this.registry });
  }

  onModuleInit(): void {
    if (!hasObservableAppends(this.eventStore)) return;
    this.stopObserving = this.eventStore.observeAppends({
      appended: (seconds, outcome: AppendOutcome) => this.appendDuration.observe({ outcome }, seconds),
      batchWritten: (appends, events) => {
        this.batchAppends.observe(appends);
        this.batchEvents.observe(events);
      },
    });
  }

  onModuleDestroy(): void {
    this.stopObserving?.();
    this.registry.clear();
  }

  httpRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  xrplSubmitted(result: string): void {
    this.xrplSubmissions.inc({ result });
  }

  xrplSettled(result: string, expired: boolean): void {
    this.xrplOutcomes.inc({ result: expired ? 'expired' : result });
  }

  /** The socket gateway tells how to count its connections; read at each scrape. */
  countSocketsWith(count: () => number): void {
    this.socketCount = count;
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ readonly contentType: string; readonly body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Reads every follower's health once per scrape and sets the three lag gauges from it. */
  private readLag(): Promise<void> {
    const now = Date.now();
    if (this.lagReading && now - this.lagReading.at < LAG_READING_TTL_MS) return this.lagReading.done;
    const done = Promise.all([this.projections.health(), this.reactions.health()]).then(
      ([projections, reactions]) => this.setLag([...projections, ...reactions]),
      // Database down: no lag figures (rather than stale ones); /api/health says why.
      () => this.setLag([]),
    );
    this.lagReading = { at: now, done };
    return done;
  }

  private setLag(followers: readonly ProjectionHealth[]): void {
    this.lagEvents.reset();
    this.lagSeconds.reset();
    this.followerFailed.reset();
    for (const follower of followers) {
      const labels = { name: follower.name, kind: follower.kind };
      this.lagEvents.set(labels, follower.lagEvents);
      this.lagSeconds.set(labels, follower.lagMs / 1000);
      this.followerFailed.set(labels, follower.failedEvent === undefined ? 0 : 1);
    }
  }
}
