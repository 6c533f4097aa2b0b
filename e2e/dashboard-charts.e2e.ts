import { beforeAll, describe, expect, it } from 'vitest';
import { settledScreenshot } from './support/browser.js';
import { watchCspViolations } from './support/csp.js';
import { useBrowserSession } from './support/session.js';

/** The demo organisation is seeded in the background after start, its retirements among the last steps. */
const DEMO_SEEDING_TIMEOUT_MS = 120_000;

describe('Dashboard charts in Chromium against the real service with the demo organisation', () => {
  const session = useBrowserSession({ demo: true });
  let violations: string[];

  beforeAll(async () => {
    violations = await watchCspViolations(session.page);
  });

  it('draws the project-type distribution as a donut, one segment per project type, under the CSP', async () => {
    const { page, service } = session;
    await expect
      .poll(
        async () => {
          await page.goto(`${service.baseUrl}/dashboard?tab=retirements`);
          await page.getByTestId('project-type-distribution').waitFor();
          return page.getByTestId('project-type-row').count();
        },
        { timeout: DEMO_SEEDING_TIMEOUT_MS, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    const rows = await page.getByTestId('project-type-row').count();
    const chart = page.getByTestId('project-type-chart');
    await chart.locator('.recharts-pie-sector').first().waitFor();
    expect(await chart.locator('.recharts-pie-sector').count()).toBe(rows);
    expect(await chart.textContent()).toContain('tCO2e');
    await settledScreenshot(page, 'dashboard-retirements-chart');
    expect(violations).toEqual([]);
  });

  it('draws the credits retired per month as bars, the demo retirements in this month', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/dashboard?tab=retirements`);
    const card = page.getByTestId('retirements-per-month');
    await card.waitFor();
    await expect
      .poll(async () => (await page.getByTestId('retirements-per-month-total').textContent()) ?? '', { timeout: 30_000 })
      .toMatch(/^[1-9][\d,]* tCO2e retired in the last 12 months$/);
    const chart = page.getByTestId('retirements-per-month-chart');
    await chart.locator('.recharts-bar-rectangle path').first().waitFor();
    expect(await chart.locator('.recharts-cartesian-axis-tick').count()).toBeGreaterThanOrEqual(12);
    await card.scrollIntoViewIfNeeded();
    await settledScreenshot(page, 'dashboard-retirements-per-month');
    expect(violations).toEqual([]);
  });

  it('draws the order-book depth of the chosen market on the Marketplace, bids and asks', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/trade`);
    const chart = page.getByTestId('order-book-depth-chart');
    await chart.locator('.recharts-area-area').first().waitFor({ timeout: 30_000 });
    for (const side of ['bids', 'asks']) expect(await chart.locator(`.recharts-area-area[name="${side}"]`).count(), side).toBeGreaterThan(0);
    await settledScreenshot(page, 'marketplace-order-book-depth');
    expect(violations).toEqual([]);
  });

  it('puts the AMM price history on the AMM tab, honest about a demo without swaps, and beside it the reserves since the pool opened', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/dashboard?tab=amm`);
    const card = page.getByTestId('amm-price-history');
    await card.waitFor();
    // The demo organisation trades on the registry, not on the XRPL AMM: the history says there is nothing to draw.
    await page.getByTestId('amm-price-history-empty').waitFor();
    expect(await page.getByTestId('amm-price-history-empty').textContent()).toBe('No AMM swaps in the last 30 days');
    // Beside it the pool's reserves: the service opened the pool on start, so its opening deposit is the first point of each line.
    const reserves = page.getByTestId('amm-reserves-history-chart');
    await reserves.locator('.recharts-line-dot').first().waitFor();
    expect(await reserves.locator('.recharts-line-dot').count()).toBe(2);
    expect(await reserves.textContent()).toContain('XRP in the pool');
    expect(await reserves.textContent()).toContain('NXCC in the pool');
    await settledScreenshot(page, 'dashboard-amm-price-history');
    expect(violations).toEqual([]);
  });
});
