import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

/** Signs the browser context in through the API; the session cookie then rides on every page. */
export async function signInThroughApi(context: BrowserContext, baseUrl: string, email: string, password: string): Promise<void> {
  const response = await context.request.post(`${baseUrl}/api/auth/login`, { data: { email, password } });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

/**
 * Saved under test-results/screenshots (not committed) for a reviewer to look at.
 * `fullPage: false` for modals: their fixed overlay covers only the viewport.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** Waits for the toast with this title and checks its text (toasts wait on ledgers, hence the long timeout). */
export async function expectToast(page: Page, title: string, message: string | RegExp, timeout = 30_000): Promise<void> {
  const toast = page.locator('.mantine-Notification-root').filter({ has: page.locator('.mantine-Notification-title', { hasText: title }) });
  await toast.waitFor({ timeout });
  const text = (await toast.textContent()) ?? '';
  if (typeof message === 'string') expect(text).toContain(message);
  else expect(text).toMatch(message);
}

/** Closes the toasts on screen, as a user does when one covers the button they want next. */
export async function dismissToasts(page: Page): Promise<void> {
  const close = page.locator('.mantine-Notification-root .mantine-Notification-closeButton');
  const deadline = Date.now() + 15_000;
  while ((await close.count()) > 0) {
    if (Date.now() > deadline) throw new Error('the toasts on screen did not close within 15 s');
    // A toast may close itself (or move as another closes) while it is clicked: then the next round finds it gone.
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
  }
}

/** Lets transitions (toasts, tabs) finish so the screenshot shows them whole. */
export async function settledScreenshot(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await screenshot(page, name, options);
}
