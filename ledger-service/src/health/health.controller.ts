import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../infrastructure/http/access-rules.js';
import { type EventStore, formatPosition, type HealthResponse } from '@carbon-ledger/contracts';
import type { DatabaseAvailability } from '../infrastructure/postgres/database-availability.js';
import { EVENT_STORE, READ_MODELS, RUNTIME } from '../infrastructure/tokens.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { readModelProblems, readModelSupply } from '../credit-market/verify-supply.js';
import { ReactionHost } from '../infrastructure/reactions/reaction-host.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';

/** How long a supply check is reused (health is polled every few seconds). */
const SUPPLY_CHECK_MS = 10_000;
/**
 * How long a health answer waits for a supply check under way. The check sums every holdings row
 * (seconds at a registry's size); past this the answer carries the last finished check and the
 * running one is reported by the next answer: a health check stays quick however large the registry.
 */
const SUPPLY_WAIT_MS = 500;

type SupplyCheck = NonNullable<HealthResponse['supply']>;

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(RUNTIME) private readonly runtime: { readonly eventStoreAdapter: string; readonly database: DatabaseAvailability },
    private readonly projections: ProjectionHost,
    private readonly reactions: ReactionHost,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  /** The last supply check finished, the one under way, and when that began. */
  private supply: SupplyCheck | undefined;
  private checking: Promise<void> | undefined;
  private checkStarted: number | undefined;

  /** The supply check as of now: a new one every SUPPLY_CHECK_MS, waited for at most SUPPLY_WAIT_MS. */
  private async supplyCheck(): Promise<SupplyCheck | undefined> {
    const now = Date.now();
    if (!this.checking && (this.checkStarted === undefined || now - this.checkStarted >= SUPPLY_CHECK_MS)) {
      this.checkStarted = now;
      this.checking = readModelSupply(this.db)
        .then((batches) => {
          this.supply = { batches: batches.size, problems: readModelProblems(batches), checkedAt: new Date(now).toISOString() };
        })
        // A failed check is not remembered: the next call asks again (a database that is down is answered by ensureAvailable).
        .catch(() => (this.checkStarted = undefined))
        .finally(() => (this.checking = undefined));
    }
    if (this.checking) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.checking, new Promise<void>((resolve) => (timer = setTimeout(resolve, SUPPLY_WAIT_MS).unref()))]);
      clearTimeout(timer);
    }
    return this.supply;
  }

  /** 503 while a projection or reaction is stuck: its read model or its work stops at that event for everyone. */
  @Get()
  @Public()
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    // 503 with the reason while the database is down (the filter maps DatabaseUnavailable).
    await this.runtime.database.ensureAvailable();
    const [head, projections, reactions, supply] = await Promise.all([
      this.eventStore.headPosition(),
      this.projections.health(),
      this.reactions.health(),
      this.supplyCheck(),
    ]);
    const followers = [...projections, ...reactions];
    // 503 when one is stuck at an event; one that lost its connection retries on its own
    // (and while the database is down, ensureAvailable above already answered 503).
    // A batch whose read model breaks issued = tradable + reserved + in the vault + retired + cancelled is as wrong for everyone.
    const status =
      followers.some((follower) => follower.failedEvent !== undefined) || (supply?.problems.length ?? 0) > 0
        ? 'failed'
        : followers.every((follower) => follower.status === 'running')
          ? 'ok'
          : 'degraded';
    if (status === 'failed') response.status(503);
    return {
      status,
      eventStore: { adapter: this.runtime.eventStoreAdapter, head: head.commit < 0n ? null : formatPosition(head) },
      projections,
      reactions,
      ...(supply ? { supply } : {}),
    };
  }
}
