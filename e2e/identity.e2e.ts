import { beforeAll, describe, expect, it } from 'vitest';
import { expectToast, screenshot, settledScreenshot, signInThroughApi } from './support/browser.js';
import { watchCspViolations } from './support/csp.js';
import { fillKycIdentity } from './support/kyc.js';
import { useBrowserSession } from './support/session.js';

describe('Identity in Chromium against the real service: CSP, signed KYC challenge, password feedback, sessions', () => {
  const session = useBrowserSession({ context: { userAgent: 'Carbon Ledger e2e (Chromium)' } });
  let violations: string[];

  beforeAll(async () => {
    violations = await watchCspViolations(session.page);
  });

  it('serves the console under a CSP (no inline script, no framing) and renders every screen without a violation', async () => {
    const { page, service } = session;
    const response = await page.goto(`${service.baseUrl}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await page.getByRole('button', { name: 'Start Trading' }).waitFor();
    for (const [path, text] of [
      ['/dashboard', 'Issue New Credits'],
      ['/compliance', 'KYC Verification'],
      ['/xrpl', 'Issue Credits'],
      ['/profile', 'Sessions'],
    ] as const) {
      await page.goto(`${service.baseUrl}${path}`);
      await page.getByText(text).first().waitFor();
    }
    expect(violations).toEqual([]);
  });

  it('verifies an address whose key signs the challenge in the browser; the seed is never sent', async () => {
    const { page, service } = session;
    const bodies: string[] = [];
    page.on('request', (request) => {
      const body = request.postData();
      if (body) bodies.push(body);
    });
    await page.goto(`${service.baseUrl}/compliance`);
    await page.getByTestId('kyc-generate-wallet').click();
    const seed = ((await page.getByTestId('kyc-generated-seed').locator('pre, code').first().textContent()) ?? '').trim();
    expect(seed).toMatch(/^s[1-9A-HJ-NP-Za-km-z]{20,}$/);
    await settledScreenshot(page, 'identity-kyc-generated-wallet');
    await page.getByTestId('kyc-start').click();
    await page.getByTestId('kyc-identity-form').waitFor();
    await fillKycIdentity(page);
    await page.getByTestId('kyc-submit-identity').click();
    await page.getByTestId('kyc-complete').waitFor({ timeout: 30_000 });

    const start = bodies.find((body) => body.includes('"proof"'));
    expect(start).toBeDefined();
    expect(JSON.parse(start ?? '{}')).toMatchObject({ proof: { publicKey: expect.stringMatching(/^(ED|0[23])[0-9A-F]{64}$/) } });
    expect(bodies.some((body) => body.includes(seed))).toBe(false);
    expect(violations).toEqual([]);
  });

  it("shows the password's strength and the reason it is refused in the create-user form", async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/profile`);
    await page.getByLabel('Email', { exact: true }).fill('pat.weak@example.com');
    await page.getByLabel('Name', { exact: true }).fill('Pat Weak');
    await page.getByLabel('Password', { exact: true }).fill('passwordpassword');
    const reason = page.getByTestId('password-strength-reason');
    await reason.waitFor({ timeout: 15_000 });
    expect(await reason.textContent()).toBe('Password is too easy to guess. Repeated character patterns like "abcabcabc" are easy to guess.');
    await page.getByTestId('create-user-form').scrollIntoViewIfNeeded();
    await screenshot(page, 'identity-create-user-weak-password');

    await page.getByLabel('Password', { exact: true }).fill('velvet-harbour-quartz-71');
    await page.locator('[data-testid="password-strength"][data-acceptable="true"]').waitFor({ timeout: 15_000 });
    await screenshot(page, 'identity-create-user-strong-password');
  });

  it('lists the sessions on /profile, marks this one, and ends another', async () => {
    const { page, service, browser } = session;
    const other = await browser.newContext({ userAgent: 'Other device browser' });
    await signInThroughApi(other, service.baseUrl, service.admin.email, service.admin.password);
    await page.goto(`${service.baseUrl}/profile`);
    const rows = page.getByTestId('session-row');
    await rows.first().waitFor();
    expect(await page.locator('[data-testid="session-row"][data-current="true"]').count()).toBe(1);
    await page.getByTestId('session-list').getByText('Other device browser').waitFor();
    await page.getByTestId('session-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'identity-profile-sessions');

    const otherRow = page.locator('[data-testid="session-row"]', { hasText: 'Other device browser' });
    await otherRow.getByRole('button', { name: 'End session' }).click();
    await expectToast(page, 'Session Ended', 'That device is signed out');
    expect((await other.request.get(`${service.baseUrl}/api/auth/me`)).status()).toBe(401);
    await other.close();
  });
});
