import { buyReservationCents, creditLabels, type OrderFunding, type OrderSide, priceToCents } from '@carbon-ledger/contracts';
import { DomainError } from '../../shared/domain-error.js';
import { type ClosedOrder, type DecideCommand, marketName, type MarketCommandOf } from '../market-commands.js';
import { type CreditMarketEvent, type CreditMarketState, orderHoldCents, type OrderState, takeFromAccount } from '../market-state.js';
import { matchOrder } from './matching.js';

/** Places an order (a sell escrows its serials, a funded buy checks its reservation) and matches it against the book. */
export const decidePlaceOrder: DecideCommand<'PlaceOrder'> = (command, state, context) => {
  // An open order; a closed one with this id is this command again, which the log's event-id key refuses.
  if (state.orders.has(command.orderId)) throw new DomainError('Conflict', 'This order already exists');
  const { order } = command;
  const limitCents = priceToCents(order.price);
  const reserved = order.type === 'sell' ? takeFromAccount(state, command.ownerId, order.amount, undefined, marketName(context)) : undefined;
  if (command.funding) checkFunding(command.funding, order.type, order.amount, limitCents);
  if (order.type === 'sell' && order.labels && order.labels.length > 0) {
    throw new DomainError('ValidationFailed', 'Labels restrict a buy order; a sell order carries the labels of its serials');
  }
  // In the vocabulary's order, so the same labels are always recorded alike.
  const labels = order.type === 'buy' && order.labels && order.labels.length > 0 ? creditLabels.filter((label) => order.labels!.includes(label)) : undefined;
  const placed: CreditMarketEvent = {
    type: 'OrderPlaced',
    data: {
      orderId: command.orderId,
      ownerId: command.ownerId,
      side: order.type,
      amount: order.amount,
      price: order.price,
      projectType: order.projectType,
      vintage: order.vintage,
      ...(reserved ? { reserved } : {}),
      ...(command.funding ? { funding: command.funding } : {}),
      ...(labels ? { labels } : {}),
      placedAt: context.now.toISOString(),
    },
  };
  const incoming = {
    orderId: command.orderId,
    ownerId: command.ownerId,
    side: order.type,
    limitCents,
    amount: order.amount,
    reserved: reserved ?? [],
    funded: command.funding !== undefined,
    labels,
  };
  return [placed, ...matchOrder(incoming, state, context, command.batchLabels)];
};

export const decideCancelOrder: DecideCommand<'CancelOrder'> = (command, state, context) => {
  const order = state.orders.get(command.orderId);
  if (!order) refuseCancelOfClosed(command, context.closedOrder?.(command.orderId) ?? command.closed);
  if (order.ownerId !== command.requestedBy && !command.isAdmin) {
    throw new DomainError('Forbidden', 'Only the owner of an order can cancel it');
  }
  return [
    {
      type: 'OrderCancelled',
      data: {
        orderId: order.orderId,
        cancelledBy: command.requestedBy,
        remaining: order.remaining,
        ...(order.side === 'sell' ? { released: [...order.reserved] } : {}),
        ...(order.funding ? { releasedCents: orderHoldCents(order) } : {}),
        cancelledAt: context.now.toISOString(),
      },
    },
  ];
};

/** A buy order's reservation must be what its amount and limit cost with the fee (docs/funds.md). */
function checkFunding(funding: OrderFunding, side: OrderSide, amount: number, limitCents: number): void {
  if (side !== 'buy') throw new DomainError('ValidationFailed', 'Only a buy order is paid for by a reservation');
  const expected = buyReservationCents(amount, limitCents);
  if (funding.reservedCents !== expected) {
    throw new DomainError('ValidationFailed', `The reservation holds ${funding.reservedCents} cents; the order costs ${expected} with the fee`);
  }
}

/** A cancel of an order the state does not hold: unknown, or closed (the market's memory or the read model says how). */
function refuseCancelOfClosed(command: MarketCommandOf<'CancelOrder'>, closed: ClosedOrder | undefined): never {
  if (!closed) throw new DomainError('NotFound', 'Order not found');
  // Someone else's order: how it closed is not theirs to learn.
  if (closed.ownerId !== command.requestedBy && !command.isAdmin) throw new DomainError('Forbidden', 'Only the owner of an order can cancel it');
  throw closedOrderRefusal(command.orderId, closed.status);
}

/** The refusal of a cancel of a closed order, naming how it closed. */
export function closedOrderRefusal(orderId: string, status: ClosedOrder['status']): DomainError {
  return new DomainError('Conflict', `Order ${orderId} is already ${status === 'completed' ? 'filled' : 'cancelled'}`, { orderId, status });
}

/** What the owner is told when self-trade prevention cancelled part of an order (read from its placement's events); undefined otherwise. */
export function selfTradeNote(events: readonly CreditMarketEvent[], orderId: string): string | undefined {
  for (const event of events) {
    if (event.type !== 'OrderCancelled' || event.data.orderId !== orderId) continue;
    const { remaining, selfTradeWith } = event.data;
    return selfTradeWith && remaining !== undefined ? `${remaining} not filled: your own ${selfTradeWith.side} order at ${selfTradeWith.price}` : undefined;
  }
  return undefined;
}

/** What an order's owner is shown of it. */
export type OrderSummary = Pick<OrderState, 'orderId' | 'ownerId' | 'side' | 'priceCents' | 'amount' | 'remaining' | 'status' | 'placedAt' | 'labels'>;

/**
 * An order as the market left it after a command's events: an open one from the state; one these
 * events placed and closed (filled, or cancelled at a self-trade) rebuilt from them, since the state
 * no longer holds it. Undefined for an order that later commands closed.
 */
export function orderAfter(state: CreditMarketState, events: readonly CreditMarketEvent[], orderId: string): OrderSummary | undefined {
  const open = state.orders.get(orderId);
  if (open) return open;
  const placed = events.find((event) => event.type === 'OrderPlaced' && event.data.orderId === orderId);
  if (placed?.type !== 'OrderPlaced') return undefined;
  let remaining = placed.data.amount;
  let cancelled = false;
  for (const event of events) {
    if (event.type === 'TradeExecuted' && (event.data.buyOrderId === orderId || event.data.sellOrderId === orderId)) remaining -= event.data.quantity;
    if (event.type === 'OrderCancelled' && event.data.orderId === orderId) cancelled = true;
  }
  if (!cancelled && remaining > 0) return undefined;
  const { ownerId, side, amount, price, placedAt, labels } = placed.data;
  const status = cancelled ? 'cancelled' : 'completed';
  return { orderId, ownerId, side, priceCents: priceToCents(price), amount, remaining, status, placedAt, ...(labels ? { labels } : {}) };
}
