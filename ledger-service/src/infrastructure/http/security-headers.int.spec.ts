import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceUnderTest, startServiceUnderTest } from '../../test-support/service-under-test.js';

const PASSWORD = 'velvet-harbour-quartz-71';

async function sessionCookie(service: ServiceUnderTest, headers: Record<string, string>): Promise<string> {
  const user = await service.signIn(['trader'], PASSWORD);
  const { user: me } = (await (await user.request('GET', '/api/auth/me')).json()) as { user: { email: string } };
  const login = await service.anonymous('POST', '/api/auth/login', { email: me.email, password: PASSWORD }, headers);
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '';
}

describe('security headers', () => {
  let direct: ServiceUnderTest;
  let consoleDir: string;

  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-console-'));
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title><script type="module" src="/app.js"></script>');
    direct = await startServiceUnderTest({ CONSOLE_DIST: consoleDir });
  });
  afterAll(async () => {
    await direct?.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('serves the console with a CSP that allows no inline script and no framing, nosniff and a referrer policy', async () => {
    const page = await direct.anonymous('GET', '/dashboard');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'( 'wasm-unsafe-eval')?;/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers every API call, errors included, with Cache-Control: no-store', async () => {
    for (const path of ['/api/health', '/api/auth/me', '/api/no-such-endpoint']) {
      const response = await direct.anonymous('GET', path);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('does not believe X-Forwarded-Proto from an untrusted peer: the session cookie is not Secure over plain HTTP', async () => {
    expect(await sessionCookie(direct, { 'x-forwarded-proto': 'https' })).not.toMatch(/;\s*Secure/i);
  });

  it('with TRUST_PROXY naming the proxy, a request that came over TLS gets Secure cookies', async () => {
    const proxied = await startServiceUnderTest({ TRUST_PROXY: 'loopback' });
    try {
      expect(await sessionCookie(proxied, { 'x-forwarded-proto': 'https' })).toMatch(/;\s*Secure/i);
      expect(await sessionCookie(proxied, {})).not.toMatch(/;\s*Secure/i);
    } finally {
      await proxied.close();
    }
  });
});
