import { beforeAll, describe, expect, it } from 'vitest';
import { expectToast, settledScreenshot } from './support/browser.js';
import { fundThroughFaucet } from './support/funds.js';
import { verifyKycThroughApi } from './support/kyc.js';
import { issueThroughRegistryApi } from './support/registry.js';
import { useBrowserSession } from './support/session.js';

describe('AI Portfolio management in Chromium against the real service', () => {
  const session = useBrowserSession();

  beforeAll(async () => {
    const { context, service } = session;
    // Issuing and trading need a KYC-verified address; the administrator then holds 1,210 Solar Energy credits.
    const address = await verifyKycThroughApi(context, service.baseUrl);
    // Implementing a suggestion places buy orders, which are paid for (docs/funds.md).
    await fundThroughFaucet(context, service.baseUrl);
    // The administrator is the proponent; a verifier and the registry, of other organisations, verify and approve.
    await issueThroughRegistryApi(context, context, service, {
      id: 'E2E-PORTFOLIO',
      name: 'E2E Solar Park',
      projectType: 'Solar Energy',
      description: '',
      scope1: 5500,
      scope2: 550,
      scope3: 0,
      scope4: 0,
      scope5: 0,
      xrplAddress: address,
    });
  });

  it('starts empty, and creates a portfolio with the form (name required, moderate by default)', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/portfolio`);
    await page.getByText('Start Building Your Portfolio').waitFor();
    await settledScreenshot(page, 'portfolio-empty');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const form = page.getByTestId('create-portfolio-form');
    await form.waitFor();
    expect(await form.getByTestId('portfolio-risk-profile').inputValue()).toBe('Moderate');
    await form.getByTestId('portfolio-submit').click();
    await form.getByText('Portfolio name is required').waitFor();
    await settledScreenshot(page, 'portfolio-create-required', { fullPage: false });

    await form.getByTestId('portfolio-name').fill('Climate Core');
    await form.getByTestId('portfolio-description').fill('Offsets for our 2026 commitments');
    await form.getByTestId('portfolio-risk-profile').click();
    await page.getByRole('option', { name: 'Conservative' }).click();
    await form.getByTestId('portfolio-submit').click();
    await expectToast(page, 'Portfolio created successfully!', 'Climate Core');
  });

  it('selects it, shows the four cards, the holdings and Auto Rebalance Disabled', async () => {
    const { page } = session;
    const table = page.getByTestId('holdings-table');
    await table.waitFor();
    expect(await page.getByTestId('portfolio-selector').inputValue()).toBe('Climate Core');
    for (const tab of ['Overview', 'AI Suggestions', 'Analytics', 'Market Insights']) await page.getByRole('tab', { name: tab }).waitFor();
    expect(await page.getByTestId('portfolio-total-credits').textContent()).toBe('1,210');
    expect(await page.getByTestId('portfolio-risk').textContent()).toBe('Conservative');
    // Never traded: valued at the marked reference price, $3.80 x 1,210.
    expect(await table.textContent()).toContain('Reference price');
    expect(await page.getByTestId('portfolio-total-value').textContent()).toBe('$4,598.00');
    const rebalance = page.getByTestId('auto-rebalance');
    expect(await rebalance.textContent()).toContain('Disabled');
    expect(await rebalance.getByRole('switch').isDisabled()).toBe(true);
    await settledScreenshot(page, 'portfolio-overview');
  });

  it('shows the analytics figures and both charts', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByTestId('analytics-days').waitFor();
    expect(await page.getByTestId('analytics-days').textContent()).toBe('1');
    await page.getByTestId('value-chart').locator('.recharts-surface').first().waitFor();
    await page.getByTestId('allocation-chart').locator('.recharts-surface').first().waitFor();
    await settledScreenshot(page, 'portfolio-analytics');
  });

  it('shows the market insights', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Market Insights' }).click();
    await page.getByText('No trades are recorded in the last 7 days; insights appear once the markets trade.').waitFor();
    await settledScreenshot(page, 'portfolio-market-insights');
  });

  it('implements the removal-shift suggestion, and its order shows on the Trading Desk', async () => {
    const { page, service } = session;
    await page.getByRole('tab', { name: 'AI Suggestions' }).click();
    const card = page.getByTestId('suggestion-urgent').filter({ hasText: 'Shift toward carbon removals' });
    await card.waitFor();
    const year = new Date().getUTCFullYear();
    expect(await card.textContent()).toContain(`Removals are 0% of 1,210 t; a conservative profile in ${year} targets ≥`);
    // (0 + x) / (1,210 + x) >= 20% gives x = 303 at Forestry's reference price.
    expect(await card.textContent()).toContain(`Buy 303 Forestry ${year} credits at $12.45`);
    await settledScreenshot(page, 'portfolio-suggestions');
    await card.getByTestId('implement-suggestion').click();
    await expectToast(page, 'Suggestion implemented successfully!', '1 order placed on the Trading Desk');
    await settledScreenshot(page, 'portfolio-suggestion-implemented');

    await page.goto(`${service.baseUrl}/trading-desk`);
    const row = page.getByTestId('order-row').filter({ hasText: 'Forestry' }).first();
    await row.waitFor();
    expect(await row.getByTestId('order-quantity').textContent()).toContain('303 credits @ $12.45');
    expect(await row.getByTestId('order-side-badge').textContent()).toBe('BUY');
    await settledScreenshot(page, 'portfolio-order-on-trading-desk');
  });
});
