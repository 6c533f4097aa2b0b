import {
  AML_ALERT_SOCKET_EVENT,
  amlAlertMessage,
  issueCreditsResponse,
  listOrdersResponse,
  newTradeMessage,
  placeOrderResponse,
  type Role,
  roles,
  socketEvents,
} from '@carbon-ledger/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const PASSWORD = 'amber-lantern-orchid-58';
const VINTAGE = new Date().getUTCFullYear();
const project = projectForm('PRJ-INSTANCES', 'Instances Solar', 'Solar Energy');
/** Every failed sign-in costs a real scrypt; on a busy machine a sequence of them is slow. */
const SLOW = 300_000;

interface WatchedSocket {
  readonly socket: Socket;
  readonly trades: { buyOrderId: string | null; sellOrderId: string | null; amount: number }[];
  readonly alerts: string[];
  ended(): Promise<string>;
}

function connect(baseUrl: string, cookie: string): Promise<WatchedSocket> {
  const socket = io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie } });
  const trades: WatchedSocket['trades'] = [];
  const alerts: string[] = [];
  socket.on(socketEvents.newTrade, (message: unknown) => trades.push(newTradeMessage.parse(message)));
  socket.on(AML_ALERT_SOCKET_EVENT, (message: unknown) => alerts.push(amlAlertMessage.parse(message).transactionId));
  const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, trades, alerts, ended: () => ended }));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function eventually(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Two instances of the service on one database, as behind a load balancer: A started first and
 * leads every projection and job; B leads none. What a user does on one holds on the other.
 */
describe('two instances on one database work as one system', () => {
  const service = serviceForSuite({ ...WITHOUT_BACKGROUND_JOBS, TRUST_PROXY: 'loopback' });
  let b: { readonly baseUrl: string; close(): Promise<void> };
  let seller: SignedInClient;
  let buyer: SignedInClient;
  const sockets: WatchedSocket[] = [];

  beforeAll(async () => {
    b = await service.startAnotherProcess();
    [seller, buyer] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader'])]);
    // One at a time: each funds its wallet from the genesis account.
    const sellerWallet = await verifiedAddress(service, seller);
    await verifiedAddress(service, buyer);
    // Buy orders are paid for (docs/funds.md).
    await Promise.all([fundWithTestUsd(seller), fundWithTestUsd(buyer)]);
    const issued = await issueThroughRegistry(service, seller, { ...project, xrplAddress: sellerWallet.address });
    if (issued.status !== 201) throw new Error(`issuing answered ${issued.status}: ${await issued.text()}`);
    issueCreditsResponse.parse(await issued.json());
  });
  afterAll(async () => {
    for (const watched of sockets) watched.socket.close();
    await b?.close();
  });

  async function watch(baseUrl: string, client: SignedInClient): Promise<WatchedSocket> {
    const watched = await connect(baseUrl, client.cookie);
    sockets.push(watched);
    return watched;
  }

  it('an order placed on B, which runs no projection, answers once B reads it in the order book (read-your-writes on the shared checkpoints)', async () => {
    const placed = await buyer.requestAt(b.baseUrl, 'POST', '/api/orders', {
      type: 'buy',
      amount: 1,
      price: '1.00',
      projectType: 'Solar Energy',
      vintage: VINTAGE,
    });
    expect(placed.status).toBe(201);
    const { id } = placeOrderResponse.parse(await placed.json());
    const listed = listOrdersResponse.parse(await (await buyer.requestAt(b.baseUrl, 'GET', '/api/orders')).json());
    expect(listed.orders.map((order) => order.id)).toContain(id);
  });

  it('a socket connected to B receives newTrade for an order matched on A', async () => {
    const onB = await watch(b.baseUrl, buyer);
    const sell = await seller.request('POST', '/api/orders', { type: 'sell', amount: 3, price: '9.00', projectType: 'Solar Energy', vintage: VINTAGE });
    expect(sell.status).toBe(201);
    const buy = await buyer.request('POST', '/api/orders', { type: 'buy', amount: 3, price: '9.00', projectType: 'Solar Energy', vintage: VINTAGE });
    expect(buy.status).toBe(201);
    const { id } = placeOrderResponse.parse(await buy.json());
    expect(await eventually(() => onB.trades.some((trade) => trade.buyOrderId === id), 5_000)).toBe(true);
    expect(onB.trades.filter((trade) => trade.buyOrderId === id)).toEqual([
      expect.objectContaining({ amount: 3, sellOrderId: placeOrderResponse.parse(await sell.json()).id }),
    ]);
  });

  it('role rooms hold on B: an AML alert raised by an order on A reaches only the compliance, auditor and admin sockets on B', async () => {
    const byRole = new Map<Role | 'none', WatchedSocket>();
    for (const role of [...roles, 'none'] as const) byRole.set(role, await watch(b.baseUrl, await service.signIn(role === 'none' ? [] : [role])));
    const large = await buyer.request('POST', '/api/orders', { type: 'buy', amount: 1_000, price: '12.50', projectType: 'Forestry', vintage: 2025 });
    expect(large.status).toBe(201);
    const { id } = placeOrderResponse.parse(await large.json());
    expect(await eventually(() => byRole.get('admin')!.alerts.includes(id), 15_000)).toBe(true);
    // Room emits go out together; a moment more for the frames in flight.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received = [...byRole].filter(([, watched]) => watched.alerts.includes(id)).map(([role]) => role);
    expect(received.sort()).toEqual(['admin', 'auditor', 'compliance']);
  });

  it('signing out on A ends the session on B at once, and its socket there', async () => {
    const officer = await service.signIn(['compliance']);
    const onB = await watch(b.baseUrl, officer);
    // B has just read the session (and may remember it for a moment).
    expect((await officer.requestAt(b.baseUrl, 'GET', '/api/aml/alerts')).status).toBe(200);
    expect((await officer.request('POST', '/api/auth/logout')).status).toBe(204);
    // Well inside B's session memory (1 s) and its socket check (2 s): B hears of the sign-out.
    expect(await eventually(async () => (await officer.requestAt(b.baseUrl, 'GET', '/api/aml/alerts')).status === 401, 500)).toBe(true);
    expect(await eventually(() => !onB.socket.connected, 500)).toBe(true);
    expect(await onB.ended()).toBe('io server disconnect');
    await expect(connect(b.baseUrl, officer.cookie)).rejects.toThrow(/Unauthorized/);
  });

  it(
    'failed sign-ins spread over A and B count together: the sixth from one address is throttled on either',
    async () => {
      const admin = await service.signIn(['admin'], PASSWORD);
      const { user } = (await (await admin.request('GET', '/api/auth/me')).json()) as { user: { email: string } };
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const base = attempt % 2 === 0 ? service.baseUrl : b.baseUrl;
        const response = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
          body: JSON.stringify({ email: user.email, password: `wrong-guess-${attempt}` }),
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      for (const base of [service.baseUrl, b.baseUrl]) {
        const right = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
          body: JSON.stringify({ email: user.email, password: PASSWORD }),
        });
        expect(right.status).toBe(429);
      }
    },
    SLOW,
  );
});
