import { listOrdersResponse, placeOrderResponse, projectionUpdatedMessage } from '@carbon-ledger/contracts';
import { io } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';

describe('Trading Desk orders over HTTP', () => {
  const service = serviceForSuite();
  let trader: SignedInClient;
  let otherTrader: SignedInClient;

  beforeAll(async () => {
    trader = await service.signIn(['trader']);
    otherTrader = await service.signIn(['trader']);
    // Trading needs a KYC-verified address. One at a time: each funds its wallet from the genesis account.
    await verifiedAddress(service, trader);
    await verifiedAddress(service, otherTrader);
    // Buy orders are paid for (docs/funds.md).
    await Promise.all([fundWithTestUsd(trader), fundWithTestUsd(otherTrader)]);
  });

  const validOrder = { type: 'buy', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026 };

  it('places an order and the very next GET shows it (read-your-writes), owned by the signed-in user', async () => {
    const created = await trader.request('POST', '/api/orders', validOrder);
    expect(created.status).toBe(201);
    const order = placeOrderResponse.parse(await created.json());
    expect(order).toMatchObject({ type: 'buy', amount: 5, price: '12.50', status: 'pending', ownerId: trader.userId });

    const list = listOrdersResponse.parse(await (await trader.request('GET', '/api/orders')).json());
    expect(list.orders[0]).toMatchObject({ id: order.id, amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026 });
    expect(list.totalOrders).toBeGreaterThanOrEqual(1);
    expect(list.pendingOrders).toBeGreaterThanOrEqual(1);
  });

  it('answers a placed or cancelled order exactly as the order book then lists it', async () => {
    // The answer comes from the market's state, the list from the order book projection: they must agree to the letter.
    const listed = async (id: string) =>
      listOrdersResponse.parse(await (await trader.request('GET', '/api/orders')).json()).orders.find((order) => order.id === id);
    const { position: _placedAt, ...placed } = placeOrderResponse.parse(
      await (await trader.request('POST', '/api/orders', { ...validOrder, price: '7.5', amount: 3 })).json(),
    );
    expect(placed).toMatchObject({ price: '7.50', status: 'pending', filled: 0 });
    expect(await listed(placed.id)).toEqual(placed);
    const { position: _cancelledAt, ...cancelled } = placeOrderResponse.parse(await (await trader.request('POST', `/api/orders/${placed.id}/cancel`)).json());
    expect(cancelled).toEqual({ ...placed, status: 'cancelled' });
    expect(await listed(placed.id)).toEqual(cancelled);
  });

  it.each([
    ['a zero amount', { ...validOrder, amount: 0 }, 'amount'],
    ['a fractional amount', { ...validOrder, amount: 1.5 }, 'amount'],
    ['a price sent as a number', { ...validOrder, price: 12.5 }, 'price'],
    ['a zero price', { ...validOrder, price: '0' }, 'price'],
    ['a price with 3 decimals', { ...validOrder, price: '1.234' }, 'price'],
    ['an unknown project type', { ...validOrder, projectType: 'Coal' }, 'projectType'],
    ['a vintage that is not a year', { ...validOrder, vintage: 'soon' }, 'vintage'],
    ['an unknown side', { ...validOrder, type: 'hold' }, 'type'],
  ])('refuses %s with 400 { error, message, details } and appends nothing', async (_, body, field) => {
    const before = await service.countEvents('credit-market-');
    const response = await trader.request('POST', '/api/orders', body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: string; message: string; details: { path: string }[] };
    expect(error.error).toBe('ValidationFailed');
    // The message is for a person; the field is named in the details.
    expect(error.message).not.toContain('Invalid request body');
    expect(error.message.startsWith(`${field}:`)).toBe(false);
    expect(error.details.map((detail) => detail.path)).toContain(field);
    expect(await service.countEvents('credit-market-')).toBe(before);
  });

  it('refuses malformed JSON with 400 and the error body', async () => {
    const response = await trader.request('POST', '/api/orders', '{"type": "buy",');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  it('a retried request with the same Idempotency-Key creates one order', async () => {
    const headers = { 'idempotency-key': `retry-${Date.now()}` };
    const first = placeOrderResponse.parse(await (await trader.request('POST', '/api/orders', validOrder, headers)).json());
    const before = await service.countEvents('credit-market-');
    const retry = await trader.request('POST', '/api/orders', validOrder, headers);
    expect(retry.status).toBe(201);
    expect(placeOrderResponse.parse(await retry.json()).id).toBe(first.id);
    expect(await service.countEvents('credit-market-')).toBe(before);
  });

  it('only the owner cancels; a second cancel is a conflict', async () => {
    const order = placeOrderResponse.parse(await (await trader.request('POST', '/api/orders', validOrder)).json());
    const stranger = await otherTrader.request('POST', `/api/orders/${order.id}/cancel`);
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({ error: 'Forbidden', message: 'Only the owner of an order can cancel it' });

    const cancelled = await trader.request('POST', `/api/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: order.id, status: 'cancelled' });

    const again = await trader.request('POST', `/api/orders/${order.id}/cancel`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: 'Conflict',
      message: `Order ${order.id} is already cancelled`,
      details: { orderId: order.id, status: 'cancelled' },
    });

    const missing = await trader.request('POST', '/api/orders/00000000-0000-4000-8000-000000000000/cancel');
    expect(missing.status).toBe(404);
    const badId = await trader.request('POST', '/api/orders/not-a-uuid/cancel');
    expect(badId.status).toBe(400);
  });

  it('refuses a change without the CSRF token', async () => {
    const response = await trader.request('POST', '/api/orders', validOrder, { 'x-csrf-token': 'forged' });
    expect(response.status).toBe(403);
  });

  it('refuses a socket without a session', async () => {
    const socket = io(service.baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      const refused = await new Promise<Error>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('an anonymous socket connected')));
        socket.once('connect_error', resolve);
      });
      expect(refused.message).toContain('Unauthorized');
    } finally {
      socket.close();
    }
  });

  it('pushes projection-updated for the orders view after the order book commits', async () => {
    const socket = io(service.baseUrl, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie: trader.cookie } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // Other projections (AML screening) also react to orders; wait for the order book's message.
      const message = new Promise<unknown>((resolve) =>
        socket.on('projection-updated', (update: { views?: string[] }) => {
          if (update.views?.includes('orders')) resolve(update);
        }),
      );
      const created = placeOrderResponse.parse(await (await trader.request('POST', '/api/orders', validOrder)).json());
      const update = projectionUpdatedMessage.parse(await message);
      expect(update.views).toContain('orders');
      // Every realtime message names its projection, so a client drops duplicates per projection.
      expect(update.projection).toBe('order-book');
      const [commit, prepare] = update.position.split(':').map(BigInt);
      const [orderCommit, orderPrepare] = created.position.split(':').map(BigInt);
      expect(commit! > orderCommit! || (commit === orderCommit && prepare! >= orderPrepare!)).toBe(true);
    } finally {
      socket.close();
    }
  });
});
