import { randomUUID } from 'node:crypto';
import { apiErrorBody, formatPosition, healthResponse, listUsersResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { toEventsToAppend } from '../shared/command-context.js';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';

const NUL = '\u0000';

describe('the edge refuses what a read model cannot hold, and health names a projection that still fails', () => {
  const service = serviceForSuite();
  let admin: SignedInClient;
  const address = Wallet.generate().address;
  const otherAddress = Wallet.generate().address;

  beforeAll(async () => {
    admin = await service.signIn(['admin', 'issuer', 'trader']);
  });

  const issue = {
    id: 'p-1',
    name: 'Sunny Fields',
    projectType: 'Solar Energy',
    description: 'Roofs',
    scope1: 50,
    scope2: 50,
    scope3: 50,
    scope4: 50,
    scope5: 50,
    xrplAddress: address,
  };
  const cases: { call: string; path: string; body: Record<string, unknown>; field: string }[] = [
    {
      call: 'retire',
      path: '/api/retire',
      body: { tokenId: 'SOLAR-2026-7F3A9C21', amount: 1, beneficiary: `Acme${NUL}`, purpose: 'Offset' },
      field: 'beneficiary',
    },
    {
      call: 'retire',
      path: '/api/retire',
      body: { tokenId: 'SOLAR-2026-7F3A9C21', amount: 1, beneficiary: 'Acme', purpose: `Offset${NUL}` },
      field: 'purpose',
    },
    { call: 'issue', path: '/api/issue', body: { ...issue, id: `p${NUL}1` }, field: 'id' },
    { call: 'issue', path: '/api/issue', body: { ...issue, name: `Sunny${NUL}` }, field: 'name' },
    { call: 'issue', path: '/api/issue', body: { ...issue, description: `Roofs${NUL}` }, field: 'description' },
    {
      call: 'XRPL issue',
      path: '/api/xrpl/issue/prepare',
      body: { name: `Sunny${NUL}`, projectType: 'Solar Energy', scope1: 10, scope2: 0, scope3: 0, destinationAddress: otherAddress, xrplAddress: address },
      field: 'name',
    },
    {
      call: 'create user',
      path: '/api/users',
      body: { email: `nul-${randomUUID()}@example.test`, name: `Eve${NUL}`, password: 'correct horse battery', roles: ['trader'] },
      field: 'name',
    },
  ];

  for (const { call, path, body, field } of cases) {
    it(`${call}: a NUL byte in ${field} is refused with 400 naming ${field}, and nothing is appended`, async () => {
      const before = await service.countEvents();
      const response = await admin.request('POST', path, body);
      expect(response.status).toBe(400);
      const error = apiErrorBody.parse(await response.json());
      expect(error.error).toBe('ValidationFailed');
      expect(error.message).toContain('must not contain control characters');
      expect(error.details).toEqual([expect.objectContaining({ path: field })]);
      expect(await service.countEvents()).toBe(before);
    });
  }

  it('refuses the order that stalled AML monitoring (1,000,000,000 credits at 100,000.00) with 400 naming the price', async () => {
    const before = await service.countEvents();
    const response = await admin.request('POST', '/api/orders', {
      type: 'buy',
      amount: 1_000_000_000,
      price: '100000.00',
      projectType: 'Solar Energy',
      vintage: 2026,
    });
    expect(response.status).toBe(400);
    const error = apiErrorBody.parse(await response.json());
    expect(error.message).toBe('Price must be at most 10000 per credit');
    expect(error.details).toEqual([expect.objectContaining({ path: 'price' })]);
    expect(await service.countEvents()).toBe(before);
  });

  it('lists every projection and reaction with its position and time lag, and answers 200 while none is stuck', async () => {
    const response = await service.anonymous('GET', '/api/health');
    expect(response.status).toBe(200);
    const health = healthResponse.parse(await response.json());
    expect(health.status).not.toBe('failed');
    expect(health.projections.map((projection) => projection.name)).toEqual(
      expect.arrayContaining(['order-book', 'users', 'kyc-status', 'aml-alerts', 'credit-registry', 'credit-trades', 'credit-retirements']),
    );
    expect(health.reactions.map((reaction) => reaction.name)).toEqual(
      expect.arrayContaining(['reaction:screen-transaction-when-recorded', 'reaction:settle-credits-on-xrpl']),
    );
    for (const follower of [...health.projections, ...health.reactions]) {
      expect(follower).toMatchObject({
        lagEvents: expect.any(Number),
        lagMs: expect.any(Number),
        pendingEvents: expect.any(Number),
        pendingMs: expect.any(Number),
      });
      // What it has to handle is part of what it is behind on.
      expect(follower.pendingEvents).toBeLessThanOrEqual(follower.lagEvents);
    }
  });

  it('signs in new users and applies role changes after a NUL byte from an old log reached the users projection', async () => {
    const userId = randomUUID();
    const commandId = randomUUID();
    await service.runtime.eventStore.appendToStream(
      `user-${userId}`,
      toEventsToAppend(
        [{ type: 'UserRegistered', data: { userId, email: `legacy-${userId}@example.test`, name: `Mallory${NUL}`, registeredAt: new Date().toISOString() } }],
        {
          commandId,
          correlationId: commandId,
          causationId: commandId,
          actor: { userId: 'legacy', role: 'admin' },
          now: new Date(),
        },
      ),
      { expected: 'no_stream' },
    );
    // The users projection passes the old event and goes on: a new user can sign in, a revoked role stops working.
    const trader = await service.signIn(['trader']);
    expect((await trader.request('GET', '/api/orders')).status).toBe(200);
    const revoked = await admin.request('DELETE', `/api/users/${trader.userId}/roles/trader`);
    expect(revoked.status).toBe(200);
    expect((await trader.request('GET', '/api/orders')).status).toBe(403);
    const users = listUsersResponse.parse(await (await admin.request('GET', '/api/users')).json()).users;
    expect(users.find((user) => user.id === userId)?.name).toBe('Mallory\uFFFD');
  });

  // Last: it leaves the AML read model stuck for the rest of this service's life.
  it('answers 503 naming a projection that still fails, the event it stopped at, its type and the error', async () => {
    const orderId = randomUUID();
    const commandId = randomUUID();
    // An order from before the bounds, appended as it was then.
    const appended = await service.runtime.eventStore.appendToStream(
      `order-legacy-${orderId}`,
      toEventsToAppend(
        [
          {
            type: 'OrderPlaced',
            data: {
              orderId,
              ownerId: admin.userId,
              side: 'buy',
              amount: 1_000_000_000,
              price: '100000.00',
              projectType: 'Solar Energy',
              vintage: 2026,
              placedAt: new Date().toISOString(),
            },
          },
        ],
        { commandId, correlationId: commandId, causationId: commandId, actor: { userId: admin.userId, role: 'trader' }, now: new Date() },
      ),
      { expected: 'no_stream' },
    );
    const deadline = Date.now() + 10_000;
    let response = await service.anonymous('GET', '/api/health');
    while (response.status !== 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response = await service.anonymous('GET', '/api/health');
    }
    expect(response.status).toBe(503);
    const health = healthResponse.parse(await response.json());
    expect(health.status).toBe('failed');
    const aml = health.projections.find((projection) => projection.name === 'aml-alerts');
    expect(aml).toMatchObject({
      kind: 'projection',
      status: 'failed',
      failedEvent: { position: formatPosition(appended.position), type: 'OrderPlaced' },
      error: expect.stringContaining('numeric field overflow'),
      lagEvents: expect.any(Number),
    });
    expect(aml!.lagEvents).toBeGreaterThanOrEqual(1);
    // The order it is stuck at is one it handles: pending, and as old as it is.
    expect(aml!.pendingEvents).toBeGreaterThanOrEqual(1);
    expect(aml!.pendingMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(aml!.failingSince!)).toBeLessThanOrEqual(Date.now());
  });
});
