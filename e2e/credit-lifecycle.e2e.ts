import { marketplaceVintageOptions, marketplaceVintages } from '@carbon-ledger/contracts';
import type { APIResponse, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { dismissToasts, expectToast as expectToastWithin, launchBrowser, settledScreenshot, signInThroughApi } from './support/browser.js';
import { fundThroughFaucet } from './support/funds.js';
import { submitKycWithSeed, verifyKycThroughApi } from './support/kyc.js';
import { fundOnSandbox, provisionedLedgerUrl, waitForOutput } from './support/sandbox-ledger.js';
import { type RunningService, startService } from './support/service.js';
import { signInNewTrader } from './support/users.js';

/** KYC credentials and settlements wait for their ledger to validate (the sandbox closes one a second). */
const LEDGER_TIMEOUT_MS = 30_000;
/** The retirement memo follows the retirement as a background reaction. */
const MEMO_TIMEOUT_MS = 20_000;
/** The demo organisation is seeded through the command path after the service printed its address. */
const DEMO_SEED_TIMEOUT_MS = 120_000;

const VIEWPORT = { width: 1280, height: 1000 };

const PROJECT = {
  id: 'E2E-WND-001',
  name: 'Lifecycle Wind Farm E2E',
  type: 'Wind Energy',
  description: 'Onshore turbines replacing diesel generation (browser test).',
} as const;
/** Scope 1 Medium (550) + Scope 2 Low (50): floor(20% of 600) credits. */
const ISSUED = 120;
const SOLD = 40;
const PRICE = '15.00';
const RETIRED = 10;
const BENEFICIARY = 'Acme Logistics Ltd';
const PURPOSE = 'Offsetting FY2026 fleet emissions';

/** A JSON POST with the context's session and its CSRF token, as the console sends it. */
async function apiPost(context: BrowserContext, url: string, data: unknown): Promise<APIResponse> {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
  return context.request.post(url, { data, headers: { 'x-csrf-token': csrf } });
}

const expectToast = (page: Page, title: string, message: string | RegExp): Promise<void> => expectToastWithin(page, title, message, LEDGER_TIMEOUT_MS);

/** Opens a Mantine Select (by the test id on its input) and picks an option. */
async function choose(page: Page, testId: string, option: string | RegExp): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

describe('Credit lifecycle in Chromium: issue behind KYC, match on the order book, retire, public certificate', () => {
  let service: RunningService;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  const wallet = Wallet.generate();
  const vintage = new Date().getUTCFullYear();
  let tokenId = '';
  let retirementId = '';
  let retiredSerialRanges: string[] = [];

  beforeAll(async () => {
    service = await startService();
    const ledgerUrl = await provisionedLedgerUrl(service);
    await fundOnSandbox(ledgerUrl, wallet.classicAddress);
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: VIEWPORT });
    await signInThroughApi(adminContext, service.baseUrl, service.admin.email, service.admin.password);
    admin = await adminContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('/issue: keeps issuing disabled for an address without KYC, verifies it in the embedded panel, then issues the batch', async () => {
    await admin.goto(`${service.baseUrl}/issue`);
    await admin.getByRole('heading', { name: 'Issue Carbon Credits', level: 1 }).waitFor();
    await admin.getByTestId('issue-credits-form').waitFor();
    // No address yet: nothing to issue with.
    expect(await admin.getByTestId('issue-submit').isDisabled()).toBe(true);

    await admin.getByTestId('kyc-panel-address').fill(wallet.classicAddress);
    await admin.getByTestId('kyc-panel-kyc-badge').getByText('not started').waitFor();
    expect(await admin.getByTestId('kyc-panel-aml-badge').textContent()).toBe('not started');
    expect(await admin.getByTestId('tile-kyc-status').textContent()).toBe('not started');
    expect(await admin.getByTestId('issue-submit').isDisabled()).toBe(true);
    // The embedded verification panel opens on request only.
    expect(await admin.getByTestId('kyc-verification').count()).toBe(0);
    await settledScreenshot(admin, 'lifecycle-issue-kyc-required');

    await admin.getByTestId('kyc-panel-start-link').click();
    const panel = admin.getByTestId('kyc-verification');
    await panel.waitFor();
    expect(await panel.getAttribute('data-step')).toBe('setup');
    expect(await panel.getByTestId('kyc-address').inputValue()).toBe(wallet.classicAddress);
    await submitKycWithSeed(panel, wallet.seed ?? '');

    await expectToast(admin, 'KYC Verification Complete', '');
    await panel.getByTestId('kyc-complete').waitFor();
    await admin.getByTestId('kyc-panel-kyc-badge').getByText('verified').waitFor();
    expect(await admin.getByTestId('kyc-panel-aml-badge').textContent()).toBe('cleared');
    expect(await admin.getByTestId('kyc-panel-start-link').count()).toBe(0);
    await admin.waitForFunction(() => !(document.querySelector('[data-testid="issue-submit"]') as HTMLButtonElement | null)?.disabled);

    await admin.getByTestId('issue-project-id').fill(PROJECT.id);
    await admin.getByTestId('issue-project-name').fill(PROJECT.name);
    await choose(admin, 'issue-project-type', PROJECT.type);
    await admin.getByTestId('issue-description').fill(PROJECT.description);
    await choose(admin, 'issue-scope1', 'Medium (101-1,000)');
    await choose(admin, 'issue-scope2', 'Low (1-100)');
    expect(await admin.getByTestId('issue-estimated-credits').textContent()).toBe(String(ISSUED));

    const issued = admin.waitForResponse((response) => response.url().endsWith('/api/issue') && response.request().method() === 'POST');
    await admin.getByTestId('issue-submit').click();
    const response = await issued;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { tokenId: string; quantity: number; vintage: number; firstSerial: string; lastSerial: string };
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      id: PROJECT.id,
      name: PROJECT.name,
      projectType: PROJECT.type,
      description: PROJECT.description,
      scope1: 550,
      scope2: 50,
      scope3: 0,
      scope4: 0,
      scope5: 0,
      xrplAddress: wallet.classicAddress,
    });
    tokenId = body.tokenId;
    expect(tokenId).toMatch(new RegExp(`^WIND-${vintage}-[0-9A-F]{8}$`));
    expect(body).toMatchObject({
      quantity: ISSUED,
      vintage,
      firstSerial: `NXCC-${tokenId}-000001`,
      lastSerial: `NXCC-${tokenId}-${String(ISSUED).padStart(6, '0')}`,
    });

    await expectToast(admin, 'Credits Issued Successfully', `Token ${tokenId}, serials ${body.firstSerial} to ${body.lastSerial}`);
    const result = admin.getByTestId('issue-result');
    await result.waitFor();
    expect(await result.getByTestId('issued-token-id').textContent()).toBe(tokenId);
    expect(await result.getByTestId('issued-quantity').textContent()).toBe(`${ISSUED} credits (vintage ${vintage})`);
    expect(await result.getByTestId('issued-first-serial').textContent()).toBe(body.firstSerial);
    expect(await result.getByTestId('issued-last-serial').textContent()).toBe(body.lastSerial);
    // The form is back to its defaults for the next project.
    expect(await admin.getByTestId('issue-project-id').inputValue()).toBe('');
    await settledScreenshot(admin, 'lifecycle-issue-issued');
  });

  it('is issued only once a verifier of another organisation verified it and the registry approved it, each in their own browser', async () => {
    // Filed, not issued: the proponent holds nothing of the batch yet.
    const before = (await (await adminContext.request.get(`${service.baseUrl}/api/credits`)).json()) as { holdings: { tokenId: string }[] };
    expect(before.holdings.map((holding) => holding.tokenId)).not.toContain(tokenId);
    const verifier = await signInNewTrader(browser, service, {
      emailPrefix: 'verifier',
      name: 'E2E Verifier',
      roles: ['verifier'],
      organisation: 'Terra Assurance E2E',
      admin: adminContext,
      context: { viewport: VIEWPORT },
    });
    const registry = await signInNewTrader(browser, service, {
      emailPrefix: 'registry',
      name: 'E2E Registry',
      roles: ['registry'],
      organisation: 'Carbon Registry E2E',
      admin: adminContext,
      context: { viewport: VIEWPORT },
    });
    const registryPage = await registry.context.newPage();
    const verifierPage = await verifier.context.newPage();
    const projectCard = (page: Page) => page.locator(`[data-testid="project-card"][data-project-id="${PROJECT.id}"]`);

    // The registry accredits the verifier for wind projects on its review tab.
    const accredited = await apiPost(registry.context, `${service.baseUrl}/api/verifiers/${verifier.id}/accreditation`, { projectTypes: ['Wind Energy'] });
    expect(accredited.status()).toBe(200);

    // The proponent assigns the verifier on My projects.
    await admin.goto(`${service.baseUrl}/projects?tab=mine`);
    await projectCard(admin).waitFor();
    await projectCard(admin).getByTestId('assign-verifier-select').click();
    await admin.getByRole('option', { name: 'E2E Verifier (Terra Assurance E2E)' }).click();
    await projectCard(admin).getByTestId('assign-verifier-submit').click();
    await expectToast(admin, 'Validation Requested', /E2E Verifier is asked to validate/);
    await settledScreenshot(admin, 'lifecycle-projects-mine');
    await dismissToasts(admin);

    // The verifier validates the project, then verifies the report as claimed.
    await verifierPage.goto(`${service.baseUrl}/projects?tab=verification`);
    await projectCard(verifierPage).getByTestId('validation-validate').click();
    await expectToast(verifierPage, 'Project Validated', '');
    await dismissToasts(verifierPage);
    await projectCard(verifierPage).getByTestId('verification-decision-form').waitFor({ timeout: LEDGER_TIMEOUT_MS });

    // The registry registers the project before the report can be approved.
    await registryPage.goto(`${service.baseUrl}/projects?tab=review`);
    await projectCard(registryPage).getByTestId('registration-register').click();
    await projectCard(registryPage).getByTestId('registration-decision-form').waitFor({ state: 'detached', timeout: LEDGER_TIMEOUT_MS });
    await dismissToasts(registryPage);

    await projectCard(verifierPage).getByTestId('verification-verify').click();
    await projectCard(verifierPage).getByTestId('verification-decision-form').waitFor({ state: 'detached', timeout: LEDGER_TIMEOUT_MS });
    await settledScreenshot(verifierPage, 'lifecycle-projects-verification');
    await dismissToasts(verifierPage);

    await registryPage.reload();
    await projectCard(registryPage).getByTestId('issuance-approve').click();
    await projectCard(registryPage).getByTestId('issuance-review-form').waitFor({ state: 'detached', timeout: LEDGER_TIMEOUT_MS });
    await settledScreenshot(registryPage, 'lifecycle-projects-review');

    // The issuance reaction issues the batch to the proponent.
    await expect
      .poll(
        async () =>
          (
            (await (await adminContext.request.get(`${service.baseUrl}/api/credits`)).json()) as { holdings: { tokenId: string; tradable: number }[] }
          ).holdings.find((holding) => holding.tokenId === tokenId)?.tradable,
        { timeout: LEDGER_TIMEOUT_MS },
      )
      .toBe(ISSUED);
    // Anyone sees it in the public registry, without signing in.
    const publicPage = await browser.newPage({ viewport: VIEWPORT });
    await publicPage.goto(`${service.baseUrl}/registry`);
    await publicPage.getByText(PROJECT.name).first().waitFor();
    await settledScreenshot(publicPage, 'lifecycle-public-registry');
    await publicPage.close();
    await Promise.all([verifier.context.close(), registry.context.close()]);
  });

  it("matches the admin's resting sell order with a second user's crossing buy order", async () => {
    // The Marketplace offers the product's three vintages plus this year's, the vintage a batch issued today has.
    await admin.goto(`${service.baseUrl}/trade`);
    await admin.getByRole('heading', { name: 'Carbon Credit Marketplace', level: 1 }).waitFor();
    await admin.getByTestId('market-order-book').getByTestId('order-book-asks').waitFor();
    await admin.getByTestId('marketplace-vintage').click();
    const vintageList = admin.getByRole('listbox');
    await vintageList.waitFor();
    const vintageOptions = await vintageList.getByRole('option').allTextContents();
    // The resting sell order goes through the API and the crossing buy order through the Trading
    // Desk form; the Marketplace form is driven below.
    expect(vintageOptions).toEqual(marketplaceVintageOptions(new Date()).map(String));
    await settledScreenshot(admin, 'lifecycle-marketplace-vintages', { fullPage: false });
    await admin.keyboard.press('Escape');
    await vintageList.waitFor({ state: 'detached' });

    const sell = await apiPost(adminContext, `${service.baseUrl}/api/orders`, {
      type: 'sell',
      amount: SOLD,
      price: PRICE,
      projectType: PROJECT.type,
      vintage,
    });
    expect(sell.status()).toBe(201);
    const sellOrder = (await sell.json()) as { id: string; status: string; filled: number };
    expect(sellOrder).toMatchObject({ status: 'pending', filled: 0 });

    // The second user: a trader created by the admin, signed in in its own browser context.
    const { id: buyerId, context: buyerContext } = await signInNewTrader(browser, service, {
      emailPrefix: 'buyer',
      name: 'E2E Buyer',
      admin: adminContext,
      context: { viewport: VIEWPORT },
    });
    // Trading needs a KYC-verified address.
    await verifyKycThroughApi(buyerContext, service.baseUrl);
    // Buy orders are paid for (docs/funds.md): the buyer deposits test USD through the sandbox faucet.
    await fundThroughFaucet(buyerContext, service.baseUrl);
    const buyer = await buyerContext.newPage();

    // Each user's Trading Desk lists their own orders: the resting sell order is on the admin's.
    await admin.goto(`${service.baseUrl}/trading-desk`);
    await admin.getByText('Manage your carbon credit orders').waitFor();
    const sellRow = admin.locator(`[data-testid="order-row"][data-order-id="${sellOrder.id}"]`);
    await sellRow.waitFor();
    expect(await sellRow.getByTestId('order-side-badge').textContent()).toBe('SELL');
    expect(await sellRow.getByTestId('order-status-badge').textContent()).toBe('pending');
    expect(await sellRow.getByTestId('order-project').textContent()).toBe(`${PROJECT.type} · ${vintage}`);

    await buyer.goto(`${service.baseUrl}/trading-desk`);
    await buyer.getByText('Manage your carbon credit orders').waitFor();
    await buyer.getByTestId('order-book-empty').waitFor();
    expect(await buyer.getByTestId('order-vintage').inputValue()).toBe(String(vintage));
    await buyer.getByTestId('order-type').getByText('Buy').click();
    await buyer.getByLabel('Amount (credits)').fill(String(SOLD));
    await buyer.getByLabel('Price per credit ($)').fill(PRICE);
    await choose(buyer, 'order-project-type', PROJECT.type);
    const placed = buyer.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await buyer.getByTestId('order-submit').click();
    const buyResponse = await placed;
    expect(buyResponse.status()).toBe(201);
    const buyOrder = (await buyResponse.json()) as { id: string; status: string; filled: number; ownerId: string };
    expect(buyOrder).toMatchObject({ status: 'completed', filled: SOLD, ownerId: buyerId });
    await expectToast(buyer, 'Order Created', `BUY order for ${SOLD} credits created successfully`);

    const buyRow = buyer.locator(`[data-testid="order-row"][data-order-id="${buyOrder.id}"]`);
    await buyRow.getByTestId('order-status-badge').getByText('completed').waitFor();
    await sellRow.getByTestId('order-status-badge').getByText('completed').waitFor();
    expect(await buyRow.getByTestId('order-quantity').textContent()).toBe(`${SOLD} credits @ $${PRICE}`);
    expect(await buyer.getByTestId('summary-pending-orders').textContent()).toBe('0');
    await settledScreenshot(buyer, 'lifecycle-trading-desk-matched');

    // The trade in the issued batch's market, as the Marketplace would show it.
    const market = await buyerContext.request.get(`${service.baseUrl}/api/marketplace?creditType=wind&vintage=${vintage}`);
    expect(market.status()).toBe(200);
    const marketBody = (await market.json()) as { asks: unknown[]; bids: unknown[]; recentTrades: { amount: number; price: string; type: string }[] };
    expect(marketBody.asks).toEqual([]);
    expect(marketBody.bids).toEqual([]);
    expect(marketBody.recentTrades[0]).toMatchObject({ amount: SOLD, price: PRICE, type: 'BUY' });
    const holdings = (await (await buyerContext.request.get(`${service.baseUrl}/api/credits`)).json()) as { holdings: { tokenId: string; tradable: number }[] };
    expect(holdings.holdings).toEqual([expect.objectContaining({ tokenId, tradable: SOLD })]);

    // The Marketplace form itself: the bid lands in that market's book.
    await buyer.goto(`${service.baseUrl}/trade`);
    await buyer.getByRole('heading', { name: 'Carbon Credit Marketplace', level: 1 }).waitFor();
    await choose(buyer, 'marketplace-credit-type', 'Wind Credits');
    // An earlier vintage's market, still empty: the bid rests there.
    const offeredVintage = marketplaceVintages[0];
    await choose(buyer, 'marketplace-vintage', String(offeredVintage));
    expect(await buyer.getByTestId('marketplace-market').textContent()).toBe(`Wind Credits, vintage ${offeredVintage}`);
    await buyer.getByTestId('order-book-bids-empty').waitFor();
    await buyer.getByTestId('recent-trades-empty').waitFor();
    expect(await buyer.getByTestId('marketplace-account-id').inputValue()).toBe(buyerId);
    expect(await buyer.getByTestId('marketplace-buy').getAttribute('aria-pressed')).toBe('true');
    await buyer.getByTestId('marketplace-quantity').fill('5');
    await buyer.getByTestId('marketplace-price').fill('14');
    expect(await buyer.getByTestId('marketplace-total-cost').textContent()).toBe('$70.00');
    expect(await buyer.getByTestId('marketplace-platform-fee').textContent()).toBe('$0.35');
    expect(await buyer.getByTestId('marketplace-submit').textContent()).toBe('Execute Buy Order');
    await buyer.getByTestId('marketplace-submit').click();
    await expectToast(buyer, 'Order Created', 'BUY order for 5 credits created successfully (0 of 5 filled)');
    const bid = buyer.getByTestId('order-book-bids-row');
    await bid.waitFor();
    expect(await bid.locator('td').allTextContents()).toEqual(['$14.00', '5', 'bid']);
    expect(await buyer.getByTestId('stat-active-listings').textContent()).toBe('1');
    await settledScreenshot(buyer, 'lifecycle-marketplace-bid');
    await buyerContext.close();
  });

  it('dashboard: Overview counts the issued credits; Retirements retires with the form and lists the record with its serials', async () => {
    await admin.goto(`${service.baseUrl}/dashboard`);
    await admin.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Total credits counts every batch of the registry: this one, the sandbox pool's and the buffer pool's shares.
    const { credits } = (await (await adminContext.request.get(`${service.baseUrl}/api/credits`)).json()) as { credits: { quantity: number }[] };
    const registryTotal = credits.reduce((sum, batch) => sum + batch.quantity, 0);
    expect(registryTotal).toBeGreaterThan(ISSUED);
    await admin.getByTestId('metric-total-credits').getByText(registryTotal.toLocaleString('en-US'), { exact: true }).waitFor();
    expect(await admin.getByTestId('metric-retired-credits').textContent()).toBe('0');
    expect(await admin.getByTestId('metric-co2-impact').textContent()).toBe('0');
    // The admin still holds what was not sold, at the last trade price.
    expect(await admin.getByTestId('metric-portfolio-value').textContent()).toBe('$1,200.00');
    await admin.getByText(`Traded ${SOLD} ${PROJECT.type} credits (vintage ${vintage}) at $${PRICE}`).waitFor();
    await settledScreenshot(admin, 'lifecycle-dashboard-overview');

    await admin.getByRole('tab', { name: 'Retirements' }).click();
    await admin.waitForURL(/\?tab=retirements$/);
    await admin.getByTestId('retirements-empty').getByText('No verified retirements found').waitFor();
    await choose(admin, 'retire-token-id', new RegExp(`^${tokenId} · ${PROJECT.name} \\(${ISSUED - SOLD} available\\)$`));
    await admin.getByTestId('retire-amount').fill(String(RETIRED));
    await admin.getByTestId('retire-beneficiary').fill(BENEFICIARY);
    await admin.getByTestId('retire-purpose').fill(PURPOSE);
    const retiredResponse = admin.waitForResponse((response) => response.url().endsWith('/api/retire') && response.request().method() === 'POST');
    await admin.getByTestId('retire-submit').click();
    const response = await retiredResponse;
    expect(response.status()).toBe(201);
    const retired = (await response.json()) as { retirementId: string; quantity: number; serialRanges: string[]; certificateUrl: string };
    retirementId = retired.retirementId;
    retiredSerialRanges = retired.serialRanges;
    expect(retired.quantity).toBe(RETIRED);
    expect(retired.certificateUrl).toBe(`/retirements/${retirementId}`);
    await expectToast(admin, 'Credits Retired Successfully', `Retired ${RETIRED} credits`);

    const resultLink = admin.getByTestId('retire-result').getByTestId('retire-certificate-link');
    await resultLink.waitFor();
    expect(await resultLink.getAttribute('href')).toBe(`/retirements/${retirementId}`);
    const record = admin.getByTestId('retirement-record').filter({ hasText: PROJECT.name });
    await record.waitFor();
    expect(await record.textContent()).toContain(BENEFICIARY);
    expect(await record.textContent()).toContain(PURPOSE);
    expect(await record.textContent()).toContain(`${RETIRED} tCO2e`);
    const serials = await record.getByTestId('retirement-serials').locator('code').allTextContents();
    expect(serials).toHaveLength(3);
    for (const serial of serials) expect(serial).toMatch(new RegExp(`^NXCC-${tokenId}-\\d{6}$`));
    expect(await record.getByTestId('retirement-serials-more').textContent()).toBe(`+${RETIRED - 3} more`);
    expect(await record.getByTestId('retirement-registry-link').getAttribute('href')).toBe(`/retirements/${retirementId}`);
    await settledScreenshot(admin, 'lifecycle-dashboard-retirements');
  });

  it('certificate: the public page shows the retirement to a signed-out visitor, its XRPL memo, and serves the PDF', async () => {
    const visitor = await browser.newContext({ viewport: VIEWPORT });
    try {
      // The platform records the retirement memo on XRPL in the background.
      await expect
        .poll(
          async () => {
            const answer = await visitor.request.get(`${service.baseUrl}/api/retirements/${retirementId}`);
            const body = (await answer.json()) as { verification?: { xrplTransactions: unknown[] } };
            return body.verification?.xrplTransactions.length ?? 0;
          },
          { timeout: MEMO_TIMEOUT_MS, interval: 500 },
        )
        .toBeGreaterThan(0);

      const page = await visitor.newPage();
      await page.goto(`${service.baseUrl}/retirements/${retirementId}`);
      const certificate = page.getByTestId('retirement-certificate');
      await certificate.waitFor();
      await certificate.getByRole('heading', { name: 'Carbon Credit Retirement Certificate' }).waitFor();
      expect(await certificate.getByTestId('certificate-beneficiary').textContent()).toBe(BENEFICIARY);
      expect(await certificate.getByTestId('certificate-quantity').textContent()).toBe(`${RETIRED} tCO2e`);
      expect(await certificate.getByTestId('certificate-project').textContent()).toBe(`${PROJECT.name} (${PROJECT.type})`);
      expect(await certificate.getByTestId('certificate-vintage').textContent()).toBe(String(vintage));
      expect(await certificate.getByTestId('certificate-purpose').textContent()).toBe(PURPOSE);
      expect(await certificate.getByTestId('certificate-serial-ranges').locator('code').allTextContents()).toEqual(retiredSerialRanges);
      expect(retiredSerialRanges.join(' ')).toMatch(new RegExp(`^NXCC-${tokenId}-\\d{6} to NXCC-${tokenId}-\\d{6}$`));
      // The memo's transaction is listed with the purpose 'retirement' (no explorer link on the sandbox).
      const memo = certificate.getByTestId('certificate-xrpl-tx').first();
      await memo.waitFor();
      expect(await memo.textContent()).toMatch(/^retirement[0-9A-F]{64}$/);

      const pdfHref = await certificate.getByTestId('certificate-pdf').getAttribute('href');
      expect(pdfHref).toBe(`/api/retirements/${retirementId}/certificate.pdf`);
      expect(await certificate.getByTestId('certificate-pdf').textContent()).toBe('Download PDF');
      const pdf = await visitor.request.get(`${service.baseUrl}${pdfHref}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await settledScreenshot(page, 'lifecycle-retirement-certificate');
    } finally {
      await visitor.close();
    }
  });
});

describe('Demo organisation in Chromium: seeded on a fresh start without --no-demo', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    service = await startService({ demo: true });
    // 'Demo data:' closes a complete seeding; a failed one says so instead.
    await waitForOutput(service, /Demo data:|Demo data could not be seeded/, DEMO_SEED_TIMEOUT_MS);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: VIEWPORT });
    await signInThroughApi(context, service.baseUrl, service.admin.email, service.admin.password);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  it('shows the demo retirements on the dashboard and the demo orders on the Trading Desk', async () => {
    expect(service.output()).not.toMatch(/Demo data could not be seeded/);

    await page.goto(`${service.baseUrl}/dashboard?tab=retirements`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Four demo retirements (one of them for CORSIA), each of a demo batch.
    const records = page.getByTestId('retirement-record');
    await expect.poll(() => records.count()).toBe(4);
    for (const title of await records.locator('h3').allTextContents()) expect(title).toMatch(/^Demo · /);
    await settledScreenshot(page, 'lifecycle-demo-dashboard-retirements');

    await page.goto(`${service.baseUrl}/trading-desk`);
    await page.getByText('Manage your carbon credit orders').waitFor();
    // The administrator placed none of the demo orders: they are under All.
    await page.getByTestId('order-book-empty').waitFor();
    await page.getByTestId('orders-scope').getByText('All').click();
    await expect.poll(() => page.getByTestId('order-row').count()).toBe(10);
    expect(await page.getByTestId('summary-total-orders').textContent()).toBe('10');
    // The fund's bid for labelled credits shows what it requires.
    await page.getByTestId('order-row').filter({ hasText: 'CORSIA eligible' }).filter({ hasText: 'BUY' }).first().waitFor();
    await settledScreenshot(page, 'lifecycle-demo-trading-desk');

    // The Marketplace opens on its first market (Solar, the first offered vintage).
    await page.goto(`${service.baseUrl}/trade`);
    await page.getByRole('heading', { name: 'Carbon Credit Marketplace', level: 1 }).waitFor();
    await page.getByTestId('order-book-asks').waitFor();
    await page.getByTestId('recent-trades').locator('table, [data-testid="recent-trades-empty"]').first().waitFor();
    await settledScreenshot(page, 'lifecycle-demo-marketplace');
  });

  it("opens /portfolio on the administrator's demo portfolio, filled with its holding and suggestions", async () => {
    await page.goto(`${service.baseUrl}/portfolio`);
    const table = page.getByTestId('holdings-table');
    await table.waitFor();
    expect(await page.getByTestId('portfolio-selector').inputValue()).toBe('Demo · Nature-based removals');
    // The 60 reforestation credits transferred to the administrator at $18.75: the market's last trade.
    expect(await table.textContent()).toContain('Reforestation');
    expect(await page.getByTestId('portfolio-total-credits').textContent()).toBe('60');
    expect(await page.getByTestId('portfolio-total-value').textContent()).toBe('$1,125.00');
    await settledScreenshot(page, 'lifecycle-demo-portfolio');
    await page.getByRole('tab', { name: 'AI Suggestions' }).click();
    await page.getByTestId('suggestion-list').waitFor();
    await settledScreenshot(page, 'lifecycle-demo-portfolio-suggestions');
  });
});
