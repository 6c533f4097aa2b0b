import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '../infrastructure/http/access-rules.js';
import { type EventStore, formatPosition, type HealthResponse } from '@carbon-ledger/contracts';
import type { DatabaseAvailability } from '../infrastructure/postgres/database-availability.js';
import { EVENT_STORE, RUNTIME } from '../infrastructure/tokens.js';
import { ProjectionHost } from '../projections/projection-host.js';

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(RUNTIME) private readonly runtime: { readonly eventStoreAdapter: string; readonly database: DatabaseAvailability },
    private readonly projections: ProjectionHost,
  ) {}

  @Get()
  @Public()
  async health(): Promise<HealthResponse> {
    // 503 with the reason while the database is down (the filter maps DatabaseUnavailable).
    await this.runtime.database.ensureAvailable();
    const [head, projections] = await Promise.all([this.eventStore.headPosition(), this.projections.health()]);
    return {
      status: projections.every((projection) => projection.status === 'running') ? 'ok' : 'degraded',
      eventStore: { adapter: this.runtime.eventStoreAdapter, head: head.commit < 0n ? null : formatPosition(head) },
      projections,
    };
  }
}
