import type { OrderEvent, PlaceOrderRequest } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideOrder, evolveOrder, initialOrderState, type OrderCommand } from './orders.decider.js';

const now = new Date('2026-11-22T10:00:00.000Z');
const orderId = '7f1e2d3c-4b5a-4969-8877-665544332211';
const order: PlaceOrderRequest = { type: 'sell', amount: 5, price: '12.50', projectType: 'Wind Energy', vintage: 2025 };
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: { orderId, ownerId: 'user-1', side: 'sell', amount: 5, price: '12.50', projectType: 'Wind Energy', vintage: 2025, placedAt: now.toISOString() },
};
const cancelled: OrderEvent = {
  type: 'OrderCancelled',
  data: { orderId, cancelledBy: 'user-1', cancelledAt: now.toISOString() },
};

function given(events: OrderEvent[]) {
  const state = events.reduce(evolveOrder, initialOrderState);
  return { when: (command: OrderCommand) => () => decideOrder(command, state, now) };
}

function expectRefusal(run: () => unknown, code: string, message: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code, message });
    return;
  }
  throw new Error('expected a refusal');
}

describe('orders decider', () => {
  it('given no order, when PlaceOrder, then OrderPlaced with the owner and the command time', () => {
    const events = given([]).when({ type: 'PlaceOrder', orderId, ownerId: 'user-1', order })();
    expect(events).toEqual([placed]);
  });

  it('given a placed order, when PlaceOrder again, then Conflict', () => {
    expectRefusal(given([placed]).when({ type: 'PlaceOrder', orderId, ownerId: 'user-1', order }), 'Conflict', 'This order already exists');
  });

  it('given a pending order, when its owner cancels, then OrderCancelled', () => {
    const events = given([placed]).when({ type: 'CancelOrder', orderId, requestedBy: 'user-1', isAdmin: false })();
    expect(events).toEqual([cancelled]);
  });

  it('given a pending order, when an admin cancels, then OrderCancelled by the admin', () => {
    const events = given([placed]).when({ type: 'CancelOrder', orderId, requestedBy: 'admin-1', isAdmin: true })();
    expect(events[0]).toMatchObject({ type: 'OrderCancelled', data: { cancelledBy: 'admin-1' } });
  });

  it('given a pending order, when someone else cancels, then Forbidden', () => {
    expectRefusal(
      given([placed]).when({ type: 'CancelOrder', orderId, requestedBy: 'user-2', isAdmin: false }),
      'Forbidden',
      'Only the owner of an order can cancel it',
    );
  });

  it('given a cancelled order, when cancelled again, then Conflict', () => {
    expectRefusal(
      given([placed, cancelled]).when({ type: 'CancelOrder', orderId, requestedBy: 'user-1', isAdmin: false }),
      'Conflict',
      'This order is already cancelled',
    );
  });

  it('given no order, when CancelOrder, then NotFound', () => {
    expectRefusal(given([]).when({ type: 'CancelOrder', orderId, requestedBy: 'user-1', isAdmin: false }), 'NotFound', 'Order not found');
  });
});
