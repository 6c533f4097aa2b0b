import type { OrderEvent, OrderSide, OrderStatus, PlaceOrderRequest } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';

export type OrderState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly orderId: string;
      readonly ownerId: string;
      readonly side: OrderSide;
      readonly amount: number;
      readonly status: OrderStatus;
    };

export const initialOrderState: OrderState = { exists: false };

export type OrderCommand =
  | { readonly type: 'PlaceOrder'; readonly orderId: string; readonly ownerId: string; readonly order: PlaceOrderRequest }
  | { readonly type: 'CancelOrder'; readonly orderId: string; readonly requestedBy: string; readonly isAdmin: boolean };

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return {
        exists: true,
        orderId: event.data.orderId,
        ownerId: event.data.ownerId,
        side: event.data.side,
        amount: event.data.amount,
        status: 'pending',
      };
    case 'OrderCancelled':
      return state.exists ? { ...state, status: 'cancelled' } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function decideOrder(command: OrderCommand, state: OrderState, now: Date): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      if (state.exists) throw new DomainError('Conflict', 'This order already exists');
      return [
        {
          type: 'OrderPlaced',
          data: {
            orderId: command.orderId,
            ownerId: command.ownerId,
            side: command.order.type,
            amount: command.order.amount,
            price: command.order.price,
            projectType: command.order.projectType,
            vintage: command.order.vintage,
            placedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'CancelOrder': {
      if (!state.exists) throw new DomainError('NotFound', 'Order not found');
      if (state.ownerId !== command.requestedBy && !command.isAdmin) {
        throw new DomainError('Forbidden', 'Only the owner of an order can cancel it');
      }
      if (state.status === 'cancelled') throw new DomainError('Conflict', 'This order is already cancelled');
      if (state.status === 'completed') throw new DomainError('Conflict', 'A completed order cannot be cancelled');
      return [
        {
          type: 'OrderCancelled',
          data: { orderId: command.orderId, cancelledBy: command.requestedBy, cancelledAt: now.toISOString() },
        },
      ];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}
