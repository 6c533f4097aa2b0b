import { listSessionsResponse, SESSION_COOKIE } from '@carbon-ledger/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import type { AuthDatabase } from './auth-database.js';
import { LoginThrottle } from './login-throttle.js';
import { MAX_SESSIONS_PER_USER } from './session-store.js';

const PASSWORD = 'amber-lantern-orchid-58';
/** Every failed sign-in costs a real scrypt; on a busy machine a sequence of them takes minutes. */
const SLOW = 600_000;

/** The service trusts the loopback proxy, so each test can sign in "from" its own client address. */
describe('sign-in throttling and sessions', () => {
  const service = serviceForSuite({ TRUST_PROXY: 'loopback' });

  const login = (email: string, password: string, from: string, userAgent = 'test-agent') =>
    service.anonymous('POST', '/api/auth/login', { email, password }, { 'x-forwarded-for': from, 'user-agent': userAgent });

  async function emailOf(user: SignedInClient): Promise<string> {
    return ((await (await user.request('GET', '/api/auth/me')).json()) as { user: { email: string } }).user.email;
  }

  it(
    'five wrong passwords from one address slow that address down but do not lock the admin out elsewhere',
    async () => {
      const admin = await service.signIn(['admin'], PASSWORD);
      const email = await emailOf(admin);
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await login(email, `wrong-guess-${attempt}`, '203.0.113.9');
        statuses.push(response.status);
        retryAfter = response.headers.get('retry-after');
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      // Even the right password waits from the guessing address...
      expect((await login(email, PASSWORD, '203.0.113.9')).status).toBe(429);
      // ...while the owner signs in from anywhere else.
      expect((await login(email, PASSWORD, '198.51.100.7')).status).toBe(200);

      // The count is in PostgreSQL: another instance (a fresh throttle on the same database) sees it.
      const elsewhere = new LoginThrottle(service.runtime.readModels as unknown as Kysely<AuthDatabase>);
      expect(await elsewhere.waitMs(email, '203.0.113.9')).toBeGreaterThan(0);
      expect(await elsewhere.waitMs(email, '198.51.100.7')).toBe(0);
    },
    SLOW,
  );

  it(
    'twenty failures across accounts from one address do not block a valid sign-in from it',
    async () => {
      const trader = await service.signIn(['trader'], PASSWORD);
      const email = await emailOf(trader);
      for (let attempt = 0; attempt < 20; attempt += 1) {
        expect((await login(`nobody-${attempt}@example.test`, 'not-the-password', '192.0.2.44')).status).toBe(401);
      }
      expect((await login(email, PASSWORD, '192.0.2.44')).status).toBe(200);
    },
    SLOW,
  );

  it(
    'keeps growing the wait for an address that keeps spraying',
    async () => {
      const waits: number[] = [];
      for (let attempt = 0; attempt < 33; attempt += 1) {
        const response = await login(`spray-${attempt}@example.test`, 'not-the-password', '192.0.2.99');
        if (response.status === 429) waits.push(Number(response.headers.get('retry-after')));
      }
      const throttle = new LoginThrottle(service.runtime.readModels as unknown as Kysely<AuthDatabase>);
      expect(await throttle.waitMs('anyone@example.test', '192.0.2.99')).toBeGreaterThan(0);
      expect(waits.every((wait) => wait >= 1)).toBe(true);
    },
    SLOW,
  );

  it(
    'caps sessions per user, oldest ended first, and bounds concurrent password hashing',
    async () => {
      const trader = await service.signIn(['trader'], PASSWORD);
      const email = await emailOf(trader);
      const healthTimes: number[] = [];
      const probing = (async () => {
        for (let probe = 0; probe < 10; probe += 1) {
          const started = performance.now();
          expect((await service.anonymous('GET', '/api/health')).status).toBeLessThan(600);
          healthTimes.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      })();
      const logins = await Promise.all(Array.from({ length: 40 }, (_, index) => login(email, PASSWORD, `10.9.0.${index + 1}`)));
      await probing;
      const statuses = logins.map((response) => response.status);
      expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(MAX_SESSIONS_PER_USER);
      for (const refused of logins.filter((response) => response.status === 429)) expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Health answers while sign-ins queue for the hashing slots.
      expect(Math.max(...healthTimes)).toBeLessThan(1_500);

      const { sessions } = listSessionsResponse.parse(
        await (await service.anonymous('GET', '/api/auth/sessions', undefined, { cookie: cookieOf(logins.findLast((r) => r.status === 200)!) })).json(),
      );
      expect(sessions).toHaveLength(MAX_SESSIONS_PER_USER);
      // The first session (the helper's sign-in) was the oldest: it is over.
      expect((await trader.request('GET', '/api/auth/me')).status).toBe(401);
    },
    SLOW,
  );

  it(
    "lists the user's own sessions with when, where and what from, current marked; revokes one at once; never another user's",
    async () => {
      await service.signIn(['trader'], PASSWORD);
      const owner = await service.signIn(['issuer'], PASSWORD);
      const email = await emailOf(owner);
      const laptop = await login(email, PASSWORD, '198.51.100.20', 'Laptop Browser/1.0');
      const phone = await login(email, PASSWORD, '198.51.100.21', 'Phone Browser/2.0');
      const laptopCookie = cookieOf(laptop);
      const phoneCookie = cookieOf(phone);

      const listed = listSessionsResponse.parse(await (await service.anonymous('GET', '/api/auth/sessions', undefined, { cookie: laptopCookie })).json());
      expect(listed.sessions).toHaveLength(3);
      const current = listed.sessions.filter((session) => session.current);
      expect(current).toMatchObject([{ userAgent: 'Laptop Browser/1.0', address: '198.51.100.20' }]);
      const phoneSession = listed.sessions.find((session) => session.userAgent === 'Phone Browser/2.0')!;
      expect(phoneSession).toMatchObject({ address: '198.51.100.21', current: false });
      expect(Date.parse(phoneSession.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(phoneSession.createdAt));

      const stranger = await service.signIn(['trader']);
      const foreign = await stranger.request('DELETE', `/api/auth/sessions/${phoneSession.id}`);
      expect(foreign.status).toBe(404);
      expect((await service.anonymous('GET', '/api/auth/me', undefined, { cookie: phoneCookie })).status).toBe(200);

      const revoked = await owner.request('DELETE', `/api/auth/sessions/${phoneSession.id}`);
      expect(revoked.status).toBe(204);
      expect((await service.anonymous('GET', '/api/auth/me', undefined, { cookie: phoneCookie })).status).toBe(401);
      const after = listSessionsResponse.parse(await (await owner.request('GET', '/api/auth/sessions')).json());
      expect(after.sessions.map((session) => session.id)).not.toContain(phoneSession.id);
      expect((await owner.request('DELETE', '/api/auth/sessions/not-a-uuid')).status).toBe(400);
    },
    SLOW,
  );
});

function cookieOf(response: Response): string {
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  return session.split(';')[0] ?? '';
}
