import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.js';
import { type RunningService, startService } from './support/service.js';

/** The landing page's JavaScript budget (a light first screen), gzipped as a server would send it. */
const LANDING_JS_BUDGET_BYTES = 200 * 1000;

/** The product's eight sample compliance markets, served as reference data without a price feed. */
const complianceMarkets = ['EU ETS', 'UK ETS', 'California', 'Quebec', 'RGGI', 'China ETS', 'K-ETS', 'NZ ETS'];
/** The product's built-in project credits, in order. */
const projectCredits = [
  'REDD+ Forestry',
  'Improved Forest Mgmt',
  'Grassland Restoration',
  'Solar RECs',
  'Wind I-RECs',
  'Hydro Power',
  'Direct Air Capture',
  'Enhanced CCS',
  'Biochar Production',
  'CORSIA Aviation',
  'CIX Singapore',
  'ACX Blockchain',
  'ICVCM CCP Standard',
];
const featureTitles = ['Credit lifecycle', 'AI insights', 'Workforce localization', 'Cross-border compliance', 'Blockchain security'];

describe('Landing page in Chromium against the real service', () => {
  let service: RunningService;
  let browser: Browser;

  beforeAll(async () => {
    service = await startService();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  /** A fresh signed-out page on the landing route, with the price cards loaded. */
  async function openLanding(options: BrowserContextOptions): Promise<Page> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(service.baseUrl);
    await page
      .getByTestId('market-price-card')
      .nth(complianceMarkets.length - 1)
      .waitFor();
    return page;
  }

  it('renders every section at 1280 px, with 24 particles', async () => {
    const page = await openLanding({ viewport: { width: 1280, height: 900 } });

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('verified carbon credits');
    expect(await page.getByRole('button', { name: 'Start Trading' }).isVisible()).toBe(true);

    const capture = page.getByRole('region', { name: 'From smokestack to bedrock' });
    for (const stage of ['Capture', 'Transport', 'Storage']) {
      expect(await capture.getByRole('heading', { name: stage, exact: true }).isVisible()).toBe(true);
    }

    const scopes = page.getByRole('region', { name: 'Scopes 1-5, measured in one place' });
    for (const [index, title] of ['Direct', 'Energy', 'Value chain', 'Avoided', 'Behavioral'].entries()) {
      expect(await scopes.getByText(`Scope ${index + 1}`, { exact: true }).isVisible()).toBe(true);
      expect(await scopes.getByRole('heading', { name: title, exact: true }).isVisible()).toBe(true);
    }

    const markets = page.getByRole('region', { name: 'Carbon prices, refreshed every minute' });
    const cards = markets.getByTestId('market-price-card');
    expect(await cards.count()).toBe(8);
    for (const [index, market] of complianceMarkets.entries()) {
      expect(await cards.nth(index).getAttribute('aria-label')).toBe(`${market} price`);
    }
    // GET /api/carbon-prices serves reference prices here (no feed configured), and the page says so.
    expect(await markets.getByTestId('reference-prices-notice').textContent()).toBe('Reference prices, not live quotes.');
    expect(await markets.getByRole('alert').count()).toBe(0);
    const credits = markets.getByTestId('project-credit-row');
    expect(await credits.count()).toBe(13);
    for (const [index, name] of projectCredits.entries()) {
      expect(await credits.nth(index).textContent()).toContain(name);
    }

    const economy = page.getByRole('region', { name: /Carbon has a price/ });
    const statistics = await economy.getByTestId('economy-statistic').allTextContents();
    expect(statistics).toHaveLength(4);
    for (const [index, parts] of [['78', '43 taxes, 35 ETS'], ['28%'], ['Over $100B'], ['$535M']].entries()) {
      for (const part of parts) expect(statistics[index]).toContain(part);
    }
    expect(await page.getByTestId('particle').count()).toBe(24);
    await screenshot(page, 'landing-1280');

    const ets = economy.getByRole('button', { name: 'Compliance Markets (ETS)' });
    const vcm = economy.getByRole('button', { name: 'Voluntary Carbon Markets (VCM)' });
    expect(await ets.getAttribute('aria-expanded')).toBe('true');
    expect(await vcm.getAttribute('aria-expanded')).toBe('false');
    await vcm.click();
    expect(await vcm.getAttribute('aria-expanded')).toBe('true');
    await economy.getByText('Technology: direct air capture, CCS and biochar removals.').waitFor();

    const features = page.getByRole('region', { name: 'Everything a carbon desk needs' }).getByTestId('feature-card');
    expect(await features.count()).toBe(5);
    for (const [index, title] of featureTitles.entries()) {
      expect(await features.nth(index).textContent()).toContain(title);
    }
    await page.context().close();
  });

  it('shows 12 particles on a 390 px wide screen', async () => {
    const page = await openLanding({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    expect(await page.getByTestId('particle').count()).toBe(12);
    expect(await page.getByTestId('market-price-card').count()).toBe(8);
    await screenshot(page, 'landing-390');
    await page.context().close();
  });

  it(`loads at most ${LANDING_JS_BUDGET_BYTES / 1000} kB of gzipped JavaScript and no xrpl.js`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(service.baseUrl);
    await page
      .getByTestId('market-price-card')
      .nth(complianceMarkets.length - 1)
      .waitFor();
    await page.waitForLoadState('networkidle');

    const loaded = await Promise.all(scripts.map(async (response) => ({ url: response.url(), body: await response.body() })));
    const sizes = loaded.map(({ url, body }) => ({ url, gzipped: gzipSync(body).length }));
    const total = sizes.reduce((sum, { gzipped }) => sum + gzipped, 0);
    expect(total, JSON.stringify(sizes, null, 1)).toBeLessThanOrEqual(LANDING_JS_BUDGET_BYTES);
    // xrpl.js and ripple-address-codec name their accounts' field so; the console's own code never does.
    expect(loaded.filter(({ body }) => body.includes('classicAddress')).map(({ url }) => url)).toEqual([]);
    await context.close();
  });

  it('shows no particles when the user prefers reduced motion', async () => {
    const page = await openLanding({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });

    expect(await page.getByTestId('particle-field').count()).toBe(0);
    expect(await page.getByTestId('particle').count()).toBe(0);
    await page.context().close();
  });
});
