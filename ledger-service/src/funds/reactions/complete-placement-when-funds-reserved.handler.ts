import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { type Reaction, ReactionHost } from '../../infrastructure/reactions/reaction-host.js';
import { FUNDED_BUYS } from '../../credit-market/funded-buys.port.js';
import type { FundedOrders } from '../funded-orders.js';

/**
 * A reservation names the order it pays for; if the process died before the order reached its
 * market, this places it, with the request's own command id, so the request's retry and this
 * reaction place it once between them (the market answers the later one as a replay).
 */
@Injectable()
export class CompletePlacementWhenFundsReserved implements Reaction, OnModuleInit {
  readonly name = 'complete-placement-when-funds-reserved';
  readonly eventTypes: ReadonlySet<string> = new Set(['FundsReserved']);

  constructor(
    private readonly host: ReactionHost,
    @Inject(FUNDED_BUYS) private readonly funded: FundedOrders,
  ) {}

  onModuleInit(): void {
    this.host.register(this);
  }

  async handle(event: RecordedEvent): Promise<void> {
    if (!isFundsEvent(event) || event.type !== 'FundsReserved') return;
    await this.funded.completePlacement(event.data, {
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId,
      actor: event.metadata.actor,
      now: new Date(event.data.reservedAt),
    });
  }
}
