import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { OrderView, Position } from '@carbon-ledger/contracts';
import type { ClosedOrder, CreditMarketEvent } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { CommandContext } from '../../shared/command-context.js';

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
 * holds open orders only: how a closed order was closed comes from the market's memory of the
 * orders its events closed, else from the order book row the caller read.
 */
@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(@Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore) {}

  async execute({ orderId, order, isAdmin, context }: CancelOrderCommand): Promise<CancelOrderResult> {
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

/** Whether the order book row shows the order closed. */
export function isClosed(order: OrderView): boolean {
  return closedOrder(order) !== undefined;
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
