import { Inject, Injectable } from '@nestjs/common';
import { type FundsReserved, isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { FUNDED_BUYS } from '../../credit-market/funded-buys.port.js';
import type { FundedOrders } from '../funded-orders.js';

/**
 * A reservation names the order it pays for; if the process died before the order reached its
 * market, this places it, with the request's own command id, so the request's retry and this
 * reaction place it once between them (the market answers the later one as a replay).
 */
@Injectable()
@LogReaction()
export class CompletePlacementWhenFundsReserved implements Reaction {
  readonly name = 'complete-placement-when-funds-reserved';
  readonly eventTypes: ReadonlySet<string> = new Set(['FundsReserved']);
  /** Almost every reservation's order is placed by its request: a batch costs one lookup, and placing is rare. */
  readonly batchSize = 100;
  /** The request places its order within milliseconds of the reservation: a batch taken a little later finds it placed. */
  readonly lingerMs = 50;

  constructor(@Inject(FUNDED_BUYS) private readonly funded: FundedOrders) {}

  handle(event: RecordedEvent): Promise<void> {
    return this.handleBatch([event]);
  }

  /** One lookup for the batch's placements; the reservations whose order is missing are placed in log order. */
  async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    const reserved = events.filter((event): event is RecordedEvent & FundsReserved => isFundsEvent(event) && event.type === 'FundsReserved');
    const missing = new Set(await this.funded.unplaced(reserved.map((event) => event.data)));
    for (const event of reserved) {
      if (!missing.has(event.data)) continue;
      await this.funded.completePlacement(event.data, {
        correlationId: event.metadata.correlationId,
        causationId: event.metadata.causationId,
        actor: event.metadata.actor,
        now: new Date(event.data.reservedAt),
      });
    }
  }
}
