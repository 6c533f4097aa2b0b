import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { expect } from 'vitest';
import { signInThroughApi } from './browser.js';
import type { RunningService } from './service.js';

const TRADER_PASSWORD = 'Quartz-lantern-orbit-47';

export interface NewTraderOptions {
  /** The email is `<emailPrefix>-<now>@e2e.carbon-ledger.local`, new on every run. */
  readonly emailPrefix: string;
  readonly name: string;
  /** A context signed in as an administrator; without one, the first administrator signs in on a context of its own, closed after. */
  readonly admin?: BrowserContext;
  readonly context?: BrowserContextOptions;
  /** `['trader']` unless given (a verifier, a registry operator). */
  readonly roles?: readonly string[];
  /** The company or body the user acts for. */
  readonly organisation?: string;
}

export interface NewTrader {
  readonly id: string;
  /** A new context of the browser, signed in as the trader. */
  readonly context: BrowserContext;
}

/** An administrator creates a trader (or a user of other roles) over the API (as the console's user admin does); the trader signs in on a context of its own. */
export async function signInNewTrader(browser: Browser, service: RunningService, trader: NewTraderOptions): Promise<NewTrader> {
  const admin = trader.admin ?? (await browser.newContext());
  if (!trader.admin) await signInThroughApi(admin, service.baseUrl, service.admin.email, service.admin.password);
  const csrf = (await admin.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
  const email = `${trader.emailPrefix}-${Date.now()}@e2e.carbon-ledger.local`;
  const created = await admin.request.post(`${service.baseUrl}/api/users`, {
    data: {
      email,
      name: trader.name,
      password: TRADER_PASSWORD,
      roles: trader.roles ?? ['trader'],
      ...(trader.organisation ? { organisation: trader.organisation } : {}),
    },
    headers: { 'x-csrf-token': csrf },
  });
  expect(created.status()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  if (!trader.admin) await admin.close();
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, ...trader.context });
  await signInThroughApi(context, service.baseUrl, email, TRADER_PASSWORD);
  return { id: user.id, context };
}
