import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { EventStore, OrderView, Position, ProjectionName } from '@carbon-ledger/contracts';
import type { ClosedOrder, CreditMarketEvent } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { ProjectionHost } from '../../infrastructure/projections/projection-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { GetOrderQuery } from '../queries/list-orders.handler.js';

const ORDER_BOOK: readonly ProjectionName[] = ['order-book'];

export interface CancelOrderResult {
  readonly position: Position;
  readonly replayed: boolean;
  /** The order as its market holds it right after the command, in the order book's shape. */
  readonly order: OrderView | undefined;
}

export class CancelOrderCommand extends Command<CancelOrderResult> {
  constructor(
    readonly orderId: string,
    /** The order as the order book read model shows it: its market, its owner, whether it is closed. */
    readonly order: OrderView,
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Cancels what has not traded; a sell order's remaining escrow goes back to the seller. The market
 * holds open orders only, so how a closed order was closed (the refusal's text) comes from the
 * order book read model.
 */
@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionHost,
    private readonly queries: QueryBus,
  ) {}

  async execute({ orderId, order, isAdmin, context }: CancelOrderCommand): Promise<CancelOrderResult> {
    try {
      return await this.cancel(orderId, order, isAdmin, context);
    } catch (error) {
      // Not in the market but open in the order book: closed meanwhile, and the order book, caught up, says how.
      if (!(error instanceof DomainError && error.code === 'NotFound') || closedOrder(order)) throw error;
      const caughtUp = await this.projections.waitFor(ORDER_BOOK, await this.eventStore.headPosition(), this.config.PROJECTION_WAIT_MS);
      if (!caughtUp) throw new DomainError('ServiceUnavailable', 'The order book is catching up; try again in a moment');
      const now = await this.queries.execute(new GetOrderQuery(orderId));
      if (!now || !closedOrder(now)) throw error;
      return this.cancel(orderId, now, isAdmin, context);
    }
  }

  private async cancel(orderId: string, order: OrderView, isAdmin: boolean, context: CommandContext): Promise<CancelOrderResult> {
    const closed = closedOrder(order);
    const outcome = await this.markets.execute(
      order.projectType,
      order.vintage,
      { type: 'CancelOrder', orderId, requestedBy: context.actor.userId, isAdmin, ...(closed ? { closed } : {}) },
      context,
      (_state, events) => cancelledView(order, events),
    );
    return { position: outcome.position, replayed: outcome.replayed, order: outcome.result };
  }
}

function closedOrder(order: OrderView): ClosedOrder | undefined {
  return order.status === 'completed' || order.status === 'cancelled' ? { ownerId: order.ownerId, status: order.status } : undefined;
}

/** The order book's row with the cancel applied (a cancelled order has left the market's state). */
function cancelledView(order: OrderView, events: readonly CreditMarketEvent[]): OrderView | undefined {
  const cancelled = events.find((event) => event.type === 'OrderCancelled' && event.data.orderId === order.id);
  const remaining = cancelled?.type === 'OrderCancelled' ? cancelled.data.remaining : undefined;
  return remaining === undefined ? undefined : { ...order, status: 'cancelled', filled: order.amount - remaining };
}
