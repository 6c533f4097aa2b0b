import { CSRF_COOKIE, SESSION_COOKIE } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { serviceForSuite } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';

describe('sign-in', () => {
  const service = serviceForSuite();

  it('signs in with httpOnly SameSite session cookie and a readable CSRF cookie; me answers the user; logout ends the session', async () => {
    const password = 'correct horse battery staple';
    const trader = await service.signIn(['trader'], password);
    const me = await trader.request('GET', '/api/auth/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { id: trader.userId, roles: ['trader'] } });

    const meBody = (await (await trader.request('GET', '/api/auth/me')).json()) as { user: { email: string } };
    const login = await service.anonymous('POST', '/api/auth/login', { email: meBody.user.email, password });
    const cookies = login.headers.getSetCookie();
    const session = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    const csrf = cookies.find((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`)) ?? '';
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(csrf).not.toMatch(/HttpOnly/i);

    const logout = await trader.request('POST', '/api/auth/logout');
    expect(logout.status).toBe(204);
    expect((await trader.request('GET', '/api/auth/me')).status).toBe(401);
  });

  it('a wrong password is 401 with one message for unknown and known accounts', async () => {
    const trader = await service.signIn(['trader'], 'the right password');
    const { user } = (await (await trader.request('GET', '/api/auth/me')).json()) as { user: { email: string } };
    const wrong = await service.anonymous('POST', '/api/auth/login', { email: user.email, password: 'nope' });
    const unknown = await service.anonymous('POST', '/api/auth/login', { email: 'nobody@example.test', password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('rate-limits failed sign-ins per account', async () => {
    const email = 'target@example.test';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await service.anonymous('POST', '/api/auth/login', { email, password: `guess-${attempt}` })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
  });

  it('refuses a cross-site sign-in and invalid credentials shapes', async () => {
    const crossSite = await service.anonymous('POST', '/api/auth/login', { email: 'a@b.test', password: 'x' }, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    const badEmail = await service.anonymous('POST', '/api/auth/login', { email: 'not-an-email', password: 'x' });
    expect(badEmail.status).toBe(400);
    expect(await badEmail.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('Please enter a valid email address') });
  });

  it('an admin creates a user, grants and revokes roles; each change is an event in the user stream', async () => {
    const admin = await service.signIn(['admin']);
    const created = await admin.request('POST', '/api/users', {
      email: 'New.Trader@Example.test',
      name: 'New Trader',
      password: 'a long enough password',
      roles: ['trader'],
    });
    expect(created.status).toBe(201);
    const { user } = (await created.json()) as { user: { id: string; email: string; roles: string[] } };
    expect(user).toMatchObject({ email: 'new.trader@example.test', roles: ['trader'] });

    const duplicate = await admin.request('POST', '/api/users', {
      email: 'new.trader@example.test',
      name: 'Again',
      password: 'a long enough password',
      roles: ['trader'],
    });
    expect(duplicate.status).toBe(409);

    const granted = await admin.request('POST', `/api/users/${user.id}/roles`, { role: 'issuer' });
    expect(await granted.json()).toMatchObject({ user: { roles: ['issuer', 'trader'] } });
    const revoked = await admin.request('DELETE', `/api/users/${user.id}/roles/trader`);
    expect(await revoked.json()).toMatchObject({ user: { roles: ['issuer'] } });

    const stream = await service.runtime.eventStore.readStream(`user-${user.id}`);
    expect(stream.map((event) => event.type)).toEqual(['UserRegistered', 'RoleGranted', 'RoleGranted', 'RoleRevoked']);
    expect(JSON.stringify(stream.map((event) => [event.data, event.metadata]))).not.toContain('a long enough password');

    const short = await admin.request('POST', '/api/users', { email: 'x@y.test', name: 'X', password: 'short', roles: ['trader'] });
    expect(short.status).toBe(400);
  });

  it.each([
    ['aaaaaaaaaaaa', 'Password is too easy to guess. Repeated characters like "aaa" are easy to guess.'],
    ['passwordpassword', 'Password is too easy to guess. Repeated character patterns like "abcabcabc" are easy to guess.'],
    ['w.user@example.test', 'Password must not contain your email address'],
    ['Wilhelmina Weakpass!!', 'Password must not contain your name'],
  ])('refuses to create a user with the password %j, saying why, and records nothing', async (password, reason) => {
    const admin = await service.signIn(['admin']);
    const before = await service.countEvents('user-');
    const refused = await admin.request('POST', '/api/users', { email: 'w.user@example.test', name: 'Wilhelmina Weakpass', password, roles: ['trader'] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'ValidationFailed', message: reason, details: [{ path: 'password', message: reason }] });
    expect(await service.countEvents('user-')).toBe(before);
    const login = await service.anonymous('POST', '/api/auth/login', { email: 'w.user@example.test', password });
    expect(login.status).toBe(401);
  });

  it('a revoked role stops working at the next request of a signed-in user (sessions are remembered briefly)', async () => {
    const admin = await service.signIn(['admin']);
    const trader = await service.signIn(['trader']);
    // Trading needs a KYC-verified address.
    await verifiedAddress(service, trader);
    await fundWithTestUsd(trader);
    const order = { type: 'buy', amount: 1, price: '1.00', projectType: 'Forestry', vintage: 2025 };
    expect((await trader.request('POST', '/api/orders', order)).status).toBe(201);
    const revoked = await admin.request('DELETE', `/api/users/${trader.userId}/roles/trader`);
    expect(revoked.status).toBe(200);
    const refused = await trader.request('POST', '/api/orders', order);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Forbidden', message: 'This needs one of the roles: trader, admin' });
  });
});
