import type { ListOrdersResponse, OrderView } from '@carbon-ledger/contracts';

/** Test data only; nothing in the app imports this file. */
export function anOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: '0b7e9a3c-1f2d-4c5b-9a8e-7d6c5b4a3f21',
    type: 'buy',
    amount: 5,
    price: '12.50',
    projectType: 'Solar Energy',
    vintage: 2024,
    status: 'pending',
    filled: 0,
    ownerId: 'user-1',
    createdAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

export function anOrderList(orders: OrderView[], overrides: Partial<ListOrdersResponse> = {}): ListOrdersResponse {
  return {
    scope: 'mine',
    orders,
    totalOrders: orders.length,
    pendingOrders: orders.filter((order) => order.status === 'pending').length,
    averagePrice: '0.00',
    nextCursor: null,
    ...overrides,
  };
}
