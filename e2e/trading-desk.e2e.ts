import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { fundThroughFaucet } from './support/funds.js';
import { verifyKycThroughApi } from './support/kyc.js';
import { useBrowserSession } from './support/session.js';
import { signInNewTrader } from './support/users.js';

describe('Trading Desk in Chromium against the real service', () => {
  const session = useBrowserSession();
  const orderPosts: string[] = [];

  beforeAll(async () => {
    // Trading needs a KYC-verified address.
    await verifyKycThroughApi(session.context, session.service.baseUrl);
    // Buy orders are paid for (docs/funds.md).
    await fundThroughFaucet(session.context, session.service.baseUrl);
    session.page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/orders')) orderPosts.push(request.postData() ?? '');
    });
  });

  it('shows the empty book, then creates an order that appears in the book and the summary cards', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/trading-desk`);
    await page.getByText('Manage your carbon credit orders').waitFor();
    await page.getByTestId('order-book-empty').getByText('No orders yet. Create your first order!').waitFor();
    expect(await page.getByTestId('summary-total-orders').textContent()).toBe('0');
    expect(await page.getByTestId('summary-average-price').textContent()).toBe('$0.00');
    await screenshot(page, 'trading-desk-empty');

    // A buy order: a sell order needs credits in the account (escrowed when placed).
    await page.getByTestId('order-type').getByText('Buy').click();
    await page.getByLabel('Amount (credits)').fill('5');
    await page.getByLabel('Price per credit ($)').fill('12.50');
    await page.getByTestId('order-project-type').click();
    await page.getByRole('option', { name: 'Wind Energy' }).click();
    await page.getByTestId('order-submit').click();

    await page.getByText('Order Created').waitFor();
    await page.getByText('BUY order for 5 credits created successfully').waitFor();
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    expect(await row.getByTestId('order-quantity').textContent()).toContain('5 credits @ $12.50');
    expect(await row.getByTestId('order-total').textContent()).toContain('$62.50');
    expect(await row.getByTestId('order-side-badge').textContent()).toBe('BUY');
    expect((await row.getByTestId('order-status-badge').textContent())?.toLowerCase()).toBe('pending');
    expect(await row.getByTestId('order-project').textContent()).toContain('Wind Energy');
    expect(await page.getByTestId('summary-total-orders').textContent()).toBe('1');
    expect(await page.getByTestId('summary-pending-orders').textContent()).toBe('1');
    expect(await page.getByTestId('summary-average-price').textContent()).toBe('$12.50');
    // The form went back to its defaults.
    expect(await page.getByLabel('Amount (credits)').inputValue()).toBe('0');
    expect(orderPosts).toHaveLength(1);
    expect(JSON.parse(orderPosts[0]!)).toMatchObject({ type: 'buy', amount: 5, price: '12.50', projectType: 'Wind Energy' });
    await screenshot(page, 'trading-desk-with-order');
  });

  it('refuses an invalid order with the Invalid Order toast, sends nothing and adds no row', async () => {
    const { page } = session;
    const rowsBefore = await page.getByTestId('order-row').count();
    await page.getByLabel('Amount (credits)').fill('0');
    await page.getByLabel('Price per credit ($)').fill('10');
    await page.getByTestId('order-submit').click();
    await page.getByText('Invalid Order').waitFor();
    await page.getByText('Amount and price must be greater than 0').waitFor();
    await screenshot(page, 'trading-desk-invalid-order');
    // Past one 5 s polling cycle: still no request and no new row.
    await page.waitForTimeout(5_500);
    expect(orderPosts).toHaveLength(1);
    expect(await page.getByTestId('order-row').count()).toBe(rowsBefore);
  });

  it('shows an order placed elsewhere without a reload (socket push, polling as fallback)', async () => {
    const { page, service, context } = session;
    const rowsBefore = await page.getByTestId('order-row').count();
    const other = await context.newPage();
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
    const response = await other.request.post(`${service.baseUrl}/api/orders`, {
      data: { type: 'buy', amount: 3, price: '20.00', projectType: 'Forestry', vintage: 2026 },
      headers: { 'x-csrf-token': csrf },
    });
    expect(response.status()).toBe(201);
    await page.waitForFunction((count) => document.querySelectorAll('[data-testid="order-row"]').length > count, rowsBefore, { timeout: 6_000 });
    expect(await page.getByTestId('summary-total-orders').textContent()).toBe('2');
    await other.close();
  });

  it("lists a trader's own orders only: another user's order is neither listed nor counted", async () => {
    const { page, service, context, browser } = session;
    // The admin's orders above rest on the book; a trader created by the admin sees none of them.
    const { context: traderContext } = await signInNewTrader(browser, service, {
      emailPrefix: 'trader',
      name: 'E2E Trader',
      admin: context,
      context: { viewport: { width: 1280, height: 900 } },
    });
    await verifyKycThroughApi(traderContext, service.baseUrl);
    await fundThroughFaucet(traderContext, service.baseUrl);
    const trader = await traderContext.newPage();
    await trader.goto(`${service.baseUrl}/trading-desk`);
    await trader.getByText('Manage your carbon credit orders').waitFor();
    await trader.getByTestId('order-book-empty').getByText('No orders yet. Create your first order!').waitFor();
    expect(await trader.getByTestId('summary-total-orders').textContent()).toBe('0');
    expect(await trader.getByTestId('orders-scope').count()).toBe(0);

    await trader.getByTestId('order-type').getByText('Buy').click();
    await trader.getByLabel('Amount (credits)').fill('4');
    await trader.getByLabel('Price per credit ($)').fill('9.75');
    await trader.getByTestId('order-submit').click();
    await trader.getByText('BUY order for 4 credits created successfully').waitFor();
    await trader.getByTestId('order-row').first().waitFor();
    expect(await trader.getByTestId('order-row').count()).toBe(1);
    expect(await trader.getByTestId('summary-total-orders').textContent()).toBe('1');
    expect(await trader.getByTestId('summary-average-price').textContent()).toBe('$9.75');
    await screenshot(trader, 'trading-desk-trader-own-orders');

    // The admin sees its own orders, and everyone's under All.
    await page.goto(`${service.baseUrl}/trading-desk`);
    await page.getByTestId('orders-scope').waitFor();
    // The scope switch shows as soon as the session is known; the counts follow when the orders load.
    await page.waitForFunction(() => document.querySelector('[data-testid="summary-total-orders"]')?.textContent === '2');
    await page.getByTestId('orders-scope').getByText('All').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="summary-total-orders"]')?.textContent === '3');
    await screenshot(page, 'trading-desk-admin-all-orders');
    await traderContext.close();
  });
});
