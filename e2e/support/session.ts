import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, signInThroughApi } from './browser.js';
import { type RunningService, startService } from './service.js';
import { type NewTraderOptions, signInNewTrader } from './users.js';

export interface BrowserSession {
  readonly service: RunningService;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

export interface BrowserSessionOptions {
  /** Seeds the demo organisation (see `startService`). */
  readonly demo?: boolean;
  /** Signs the context in as the first administrator before the page opens; on unless a test signs in itself. */
  readonly signedIn?: boolean;
  /** Signs the context in as a new trader instead, created by the first administrator over the API (`signInNewTrader`). */
  readonly newTrader?: Pick<NewTraderOptions, 'emailPrefix' | 'name'>;
  readonly context?: BrowserContextOptions;
}

/**
 * The set-up every browser test file shares: the real service, Chromium, one context and one page, opened
 * before the file's tests and closed after them. The tests run in order on the same page, so each carries on
 * where the last one left it. The fields are filled in by the file's first `beforeAll`, so read them in tests
 * and later hooks only.
 */
export function useBrowserSession(options: BrowserSessionOptions = {}): BrowserSession {
  const session: { -readonly [K in keyof BrowserSession]?: BrowserSession[K] } = {};
  beforeAll(async () => {
    session.service = await startService({ demo: options.demo });
    session.browser = await launchBrowser();
    const contextOptions = { viewport: { width: 1280, height: 900 }, ...options.context };
    if (options.newTrader) {
      ({ context: session.context } = await signInNewTrader(session.browser, session.service, { ...options.newTrader, context: contextOptions }));
    } else {
      session.context = await session.browser.newContext(contextOptions);
      if (options.signedIn ?? true) {
        await signInThroughApi(session.context, session.service.baseUrl, session.service.admin.email, session.service.admin.password);
      }
    }
    session.page = await session.context.newPage();
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.service?.stop();
  });
  return session as BrowserSession;
}
