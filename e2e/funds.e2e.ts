import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { verifyKycThroughApi } from './support/kyc.js';
import { type RunningService, startService } from './support/service.js';
import { signInNewTrader } from './support/users.js';

/**
 * Funded trading (docs/funds.md) in Chromium: a new trader gets test USD on the Marketplace's funds panel, buys credits
 * there against the demo organisation's resting asks (180 Solar credits at 41.00), sees the panel
 * change, cancels the rest of the order, and withdraws.
 */
describe('Funds in Chromium against the real service with the demo organisation', () => {
  let service: RunningService;
  let browser: Browser;
  let trader: Page;
  let traderAddress: string;

  beforeAll(async () => {
    service = await startService({ demo: true });
    browser = await launchBrowser();
    const { context } = await signInNewTrader(browser, service, { emailPrefix: 'funds', name: 'E2E Funds Trader' });
    // Trading needs a KYC-verified address.
    traderAddress = await verifyKycThroughApi(context, service.baseUrl);
    trader = await context.newPage();
    // The demo organisation is seeded in the background: wait for its resting Solar asks.
    const vintage = new Date().getUTCFullYear();
    const deadline = Date.now() + 180_000;
    for (;;) {
      const response = await context.request.get(`${service.baseUrl}/api/marketplace?creditType=solar&vintage=${vintage}`);
      const book = (await response.json()) as { asks?: { price: string; amount: number }[] };
      if (book.asks?.find((ask) => ask.price === '41.00')?.amount === 180) break;
      if (Date.now() > deadline) throw new Error(`the demo asks never appeared: ${JSON.stringify(book)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('gets test USD, buys on the Marketplace, sees the panel change, cancels the rest, and a withdrawal the ledger refuses gives the amount back', async () => {
    await trader.goto(`${service.baseUrl}/trade`);
    const panel = trader.getByTestId('funds-panel');
    await panel.waitFor();
    await trader.waitForFunction(() => document.querySelector('[data-testid="funds-available"]')?.textContent === '$0.00');
    expect(await panel.getByTestId('funds-destination-tag').textContent()).toMatch(/^\d+$/);
    await panel.getByLabel('Deposit address QR code').waitFor();

    const [faucet] = await Promise.all([
      trader.waitForResponse((response) => response.url().endsWith('/api/funds/faucet'), { timeout: 60_000 }),
      panel.getByTestId('funds-faucet').click(),
    ]);
    expect(faucet.status(), await faucet.text()).toBe(200);
    await trader.getByText('Test USD deposited').waitFor();
    await trader.waitForFunction(() => document.querySelector('[data-testid="funds-available"]')?.textContent === '$10,000.00');
    expect(await trader.getByTestId('marketplace-available-funds').textContent()).toBe('$10,000.00');

    // 200 at 41.00: 180 trade at once against the demo asks, 20 rest on the book.
    await trader.getByTestId('marketplace-quantity').fill('200');
    await trader.getByTestId('marketplace-price').fill('41');
    expect(await trader.getByTestId('marketplace-cost-with-fee').textContent()).toBe('$8,241.00');
    await trader.getByTestId('marketplace-submit').click();
    // Cost 180 × 41.00 = 7,380.00 and its fee 36.90 are paid; 20 × 41.00 + 4.10 of fee stay reserved.
    await trader.waitForFunction(() => document.querySelector('[data-testid="funds-reserved"]')?.textContent === '$824.10', undefined, { timeout: 30_000 });
    expect(await panel.getByTestId('funds-available').textContent()).toBe('$1,759.00');
    await panel.getByTestId('funds-transfer').first().waitFor();
    await screenshot(trader, 'funds-panel-after-buy');

    await trader.goto(`${service.baseUrl}/trading-desk`);
    const row = trader.getByTestId('order-row').first();
    await row.waitFor();
    expect(await row.getByTestId('order-status-badge').textContent()).toMatch(/partial/i);
    await row.getByTestId('order-cancel').click();
    await trader.waitForFunction(() => /cancelled/i.test(document.querySelector('[data-testid="order-status-badge"]')?.textContent ?? ''), undefined, {
      timeout: 30_000,
    });

    await trader.goto(`${service.baseUrl}/trade`);
    await trader.waitForFunction(() => document.querySelector('[data-testid="funds-reserved"]')?.textContent === '$0.00', undefined, { timeout: 30_000 });
    expect(await trader.getByTestId('funds-available').textContent()).toBe('$2,583.10');
    await screenshot(trader, 'funds-panel-after-cancel');

    // A withdrawal to the verified address: it has no USD trust line (set up by signing a TrustSet in the
    // user's own wallet), so the ledger refuses the payment and the hold is given back.
    await trader.getByTestId('withdraw-amount').fill('100.00');
    await trader.getByTestId('withdraw-address').fill(traderAddress);
    await trader.getByTestId('withdraw-submit').click();
    await trader.getByText('Withdrawal refused by the ledger').waitFor({ timeout: 30_000 });
    await trader.waitForFunction(() => document.querySelector('[data-testid="funds-available"]')?.textContent === '$2,583.10');
    expect(await trader.getByTestId('funds-reserved').textContent()).toBe('$0.00');
    await trader.getByTestId('funds-transfer').filter({ hasText: 'voided' }).first().waitFor();
  }, 180_000);
});
