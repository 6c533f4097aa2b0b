import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../infrastructure/http/access-rules.js';
import { type EventStore, formatPosition, type HealthResponse } from '@carbon-ledger/contracts';
import type { DatabaseAvailability } from '../infrastructure/postgres/database-availability.js';
import { EVENT_STORE, RUNTIME } from '../infrastructure/tokens.js';
import { ReactionHost } from '../infrastructure/reactions/reaction-host.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(RUNTIME) private readonly runtime: { readonly eventStoreAdapter: string; readonly database: DatabaseAvailability },
    private readonly projections: ProjectionHost,
    private readonly reactions: ReactionHost,
  ) {}

  /** 503 while a projection or reaction is stuck: its read model or its work stops at that event for everyone. */
  @Get()
  @Public()
  async health(@Res({ passthrough: true }) response: Response): Promise<HealthResponse> {
    // 503 with the reason while the database is down (the filter maps DatabaseUnavailable).
    await this.runtime.database.ensureAvailable();
    const [head, projections, reactions] = await Promise.all([this.eventStore.headPosition(), this.projections.health(), this.reactions.health()]);
    const followers = [...projections, ...reactions];
    // 503 when one is stuck at an event; one that lost its connection retries on its own
    // (and while the database is down, ensureAvailable above already answered 503).
    const status = followers.some((follower) => follower.failedEvent !== undefined)
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
    };
  }
}
