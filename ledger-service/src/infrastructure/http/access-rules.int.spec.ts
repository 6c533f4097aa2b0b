import { AML_ALERT_SOCKET_EVENT, amlAlertMessage, placeOrderResponse, type Role, roles } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type ServiceUnderTest, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../../test-support/service-under-test.js';
import { registeredEndpoints as walk } from '../../test-support/registered-endpoints.js';
import { fundWithTestUsd } from '../../test-support/test-usd.js';
import { verifiedAddress } from '../../test-support/verified-address.js';

const registeredEndpoints = (service: ServiceUnderTest) => walk(service.app);

const concrete = (path: string): string =>
  path
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:role\b/g, 'trader')
    .replace(/:\w+/g, 'x');

/** The public endpoints, on purpose. Anything else must need a session. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/carbon-prices',
  // A retirement certificate and its verification page are for anyone holding the link.
  'GET /api/retirements/:id',
  'GET /api/retirements/:id/certificate.pdf',
  // The public registry: projects, their documents, batches, retirements, cancellations and the serial lookup.
  'GET /api/registry/projects',
  'GET /api/registry/projects/:projectId',
  'GET /api/registry/documents/:sha256',
  'GET /api/registry/batches',
  'GET /api/registry/batches/:batchId/claims',
  'GET /api/registry/retirements',
  'GET /api/registry/cancellations',
  'GET /api/registry/serials/:serial',
]);

describe('access rules on every endpoint', () => {
  const service = serviceForSuite();
  const byRole = new Map<Role | 'none', SignedInClient>();

  beforeAll(async () => {
    for (const role of roles) byRole.set(role, await service.signIn([role]));
    byRole.set('none', await service.signIn([]));
  });

  it('finds the endpoints', () => {
    const endpoints = registeredEndpoints(service).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(endpoints).toContain('POST /api/orders');
    expect(endpoints).toContain('GET /api/auth/me');
  });

  it('every endpoint declares who may call it, and only the intended ones are public', () => {
    for (const endpoint of registeredEndpoints(service)) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(endpoint.rule, `${key} declares no access rule`).toBeDefined();
      expect(endpoint.rule?.kind === 'public', `${key} public?`).toBe(PUBLIC.has(key));
    }
  });

  it('anonymous calls get 401 and calls with a wrong role get 403, on every protected endpoint', async () => {
    for (const endpoint of registeredEndpoints(service)) {
      if (endpoint.rule === undefined || endpoint.rule.kind === 'public') continue;
      const path = concrete(endpoint.path);
      const key = `${endpoint.method} ${endpoint.path}`;
      const anonymous = await service.anonymous(endpoint.method, path, endpoint.method === 'GET' ? undefined : {});
      expect(anonymous.status, `${key} anonymous`).toBe(401);
      expect(await anonymous.json(), key).toMatchObject({ error: 'Unauthorized' });
      if (endpoint.rule.kind !== 'roles') continue;

      const allowed = endpoint.rule.roles;
      const wrongRoles: (Role | 'none')[] = ['none', ...roles.filter((role) => !allowed.includes(role))];
      for (const role of wrongRoles) {
        const client = byRole.get(role)!;
        const response = await client.request(endpoint.method, path, endpoint.method === 'GET' ? undefined : {});
        expect(response.status, `${key} as ${role}`).toBe(403);
        expect(await response.json(), key).toMatchObject({ error: 'Forbidden' });
      }
    }
  });

  it("only signing out, asking who one is and managing one's own sessions need no role: any signed-in user may call them", () => {
    const signedIn = registeredEndpoints(service)
      .filter((endpoint) => endpoint.rule?.kind === 'signed-in')
      .map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(signedIn.sort()).toEqual(['DELETE /api/auth/sessions/:id', 'GET /api/auth/me', 'GET /api/auth/sessions', 'POST /api/auth/logout']);
  });

  it('a user with no roles can sign out (204), and the session is then gone (401)', async () => {
    const noRoles = await service.signIn([]);
    expect((await noRoles.request('GET', '/api/auth/me')).status).toBe(200);
    const signedOut = await noRoles.request('POST', '/api/auth/logout');
    expect(signedOut.status).toBe(204);
    expect((await noRoles.request('GET', '/api/auth/me')).status).toBe(401);
  });

  it('an unknown API path is a 404 with the error body', async () => {
    const response = await service.anonymous('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'NotFound' });
  });
});

/** A socket of one signed-in client, with the AML alerts it received and whether the server ended it. */
interface WatchedSocket {
  readonly socket: Socket;
  readonly alerts: string[];
  ended(): Promise<string>;
}

function connect(baseUrl: string, headers: Record<string, string>): Promise<WatchedSocket> {
  const socket = io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: headers });
  const alerts: string[] = [];
  socket.on(AML_ALERT_SOCKET_EVENT, (message: unknown) => alerts.push(amlAlertMessage.parse(message).transactionId));
  const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, alerts, ended: () => ended }));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'timed out'> =>
  Promise.race([promise, new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms))]);

describe('sockets keep only the rights of their session', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let trader: SignedInClient;
  let admin: SignedInClient;
  let watcher: WatchedSocket;
  const sockets: WatchedSocket[] = [];

  beforeAll(async () => {
    [trader, admin] = await Promise.all([service.signIn(['trader']), service.signIn(['admin'])]);
    await verifiedAddress(service, trader);
    // Buy orders are paid for (docs/funds.md).
    await fundWithTestUsd(trader);
    // An auditor's socket that stays: once it has an alert, every room has been sent it.
    watcher = await connect(service.baseUrl, { cookie: (await service.signIn(['auditor'])).cookie });
    sockets.push(watcher);
  });
  afterAll(async () => {
    for (const watched of sockets) watched.socket.close();
  });

  /** A large order raises an AML alert; resolves with its id once the watcher has received it. */
  async function raiseAlert(): Promise<string> {
    const response = await trader.request('POST', '/api/orders', { type: 'buy', amount: 1_000, price: '12.50', projectType: 'Forestry', vintage: 2025 });
    expect(response.status).toBe(201);
    const { id } = placeOrderResponse.parse(await response.json());
    const deadline = Date.now() + 15_000;
    while (!watcher.alerts.includes(id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watcher.alerts).toContain(id);
    // Room emits go out together; a moment more for the frames in flight.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return id;
  }

  it('joins each role to its rooms: only compliance, auditor and admin sockets receive aml-alert', async () => {
    const byRole = new Map<Role | 'none', WatchedSocket>();
    for (const role of [...roles, 'none'] as const) {
      const client = await service.signIn(role === 'none' ? [] : [role]);
      const watched = await connect(service.baseUrl, { cookie: client.cookie });
      byRole.set(role, watched);
      sockets.push(watched);
    }
    const alert = await raiseAlert();
    const received = [...byRole].filter(([, watched]) => watched.alerts.includes(alert)).map(([role]) => role);
    expect(received.sort()).toEqual(['admin', 'auditor', 'compliance']);
  });

  it('ends the socket when its user signs out, before the sign-out answers', async () => {
    const officer = await service.signIn(['compliance']);
    const watched = await connect(service.baseUrl, { cookie: officer.cookie });
    sockets.push(watched);
    expect((await officer.request('POST', '/api/auth/logout')).status).toBe(204);
    expect((await officer.request('GET', '/api/aml/alerts')).status).toBe(401);
    expect(watched.socket.connected).toBe(false);
    expect(await within(watched.ended(), 1_000)).toBe('io server disconnect');
    const alert = await raiseAlert();
    expect(watched.alerts).not.toContain(alert);
    // The cookie no longer opens a socket either.
    await expect(connect(service.baseUrl, { cookie: officer.cookie })).rejects.toThrow(/Unauthorized/);
  });

  it('takes the socket out of the alert rooms as soon as the compliance role is revoked', async () => {
    const officer = await service.signIn(['compliance']);
    const watched = await connect(service.baseUrl, { cookie: officer.cookie });
    sockets.push(watched);
    const before = await raiseAlert();
    expect(watched.alerts).toContain(before);

    expect((await admin.request('DELETE', `/api/users/${officer.userId}/roles/compliance`)).status).toBe(200);
    expect((await officer.request('GET', '/api/aml/alerts')).status).toBe(403);
    const after = await raiseAlert();
    expect(watched.alerts).not.toContain(after);
    // Still signed in: the socket stays, without the rights.
    expect(watched.socket.connected).toBe(true);

    expect((await admin.request('POST', `/api/users/${officer.userId}/roles`, { role: 'compliance' })).status).toBe(200);
    const regranted = await raiseAlert();
    expect(watched.alerts).toContain(regranted);
  });

  it('ends the socket when its session expires', async () => {
    const officer = await service.signIn(['compliance']);
    const watched = await connect(service.baseUrl, { cookie: officer.cookie });
    sockets.push(watched);
    await sql`update auth_sessions set expires_at = now() - interval '1 second' where user_id = ${officer.userId}`.execute(service.runtime.readModels);
    expect(await within(watched.ended(), 5_000)).toBe('io server disconnect');
    expect((await officer.request('GET', '/api/aml/alerts')).status).toBe(401);
  });

  it('refuses a handshake from another origin, like the sign-in does', async () => {
    const officer = await service.signIn(['compliance']);
    await expect(connect(service.baseUrl, { cookie: officer.cookie, origin: 'https://evil.example' })).rejects.toThrow(/Forbidden/);
    await expect(connect(service.baseUrl, { cookie: officer.cookie, origin: 'null' })).rejects.toThrow(/Forbidden/);
    const sameOrigin = await connect(service.baseUrl, { cookie: officer.cookie, origin: service.baseUrl });
    sockets.push(sameOrigin);
    expect(sameOrigin.socket.connected).toBe(true);
  });
});
