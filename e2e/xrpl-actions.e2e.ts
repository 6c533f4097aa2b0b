import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { expectToast as expectToastWithin, launchBrowser, settledScreenshot as settledScreenshotOf, signInThroughApi } from './support/browser.js';
import { submitKycWithSeed } from './support/kyc.js';
import { approveThroughRegistryApi } from './support/registry.js';
import { fundOnSandbox, provisionedLedgerUrl } from './support/sandbox-ledger.js';
import { type RunningService, startService } from './support/service.js';

/** A submission waits for its ledger to validate (the sandbox closes one a second). */
const LEDGER_TIMEOUT_MS = 30_000;

const PROJECT_NAME = 'Mojave Solar Farm E2E';

interface SentRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

describe('XRPL actions on /xrpl in Chromium, signed in the browser, against the real service and its sandbox ledger', () => {
  let service: RunningService;
  let browser: Browser;
  let page: Page;
  const wallet = Wallet.generate();
  const sellerAddress = Wallet.generate().classicAddress;
  /** Every request with a body the page sent. */
  const sent: SentRequest[] = [];
  const xrplPosts = () => sent.filter((request) => request.method === 'POST' && request.url.includes('/api/xrpl/'));
  let nftId = '';

  beforeAll(async () => {
    service = await startService();
    const ledgerUrl = await provisionedLedgerUrl(service);
    await fundOnSandbox(ledgerUrl, wallet.classicAddress);
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    await signInThroughApi(context, service.baseUrl, service.admin.email, service.admin.password);
    page = await context.newPage();
    page.on('request', (request: Request) => {
      sent.push({ method: request.method(), url: request.url(), body: request.postData() ?? '' });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  const expectToast = (title: string, message: string | RegExp): Promise<void> => expectToastWithin(page, title, message, LEDGER_TIMEOUT_MS);

  async function submitDisabled(testId: string): Promise<boolean> {
    return page.getByTestId(testId).isDisabled();
  }

  const settledScreenshot = (name: string): Promise<void> => settledScreenshotOf(page, name);

  it('keeps the actions disabled for an address without KYC and verifies it through the KYC modal', async () => {
    await page.goto(`${service.baseUrl}/xrpl`);
    await page.getByRole('heading', { name: 'XRPL Carbon Trading', level: 1 }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Issue Credits', 'Trade AMM', 'Retire', 'Vault']);
    // Without an address of 25 characters nothing can be submitted.
    expect(await submitDisabled('xrpl-issue-submit')).toBe(true);
    await page.getByTestId('xrpl-address').fill('rTooShort12345');
    expect(await submitDisabled('xrpl-issue-submit')).toBe(true);

    await page.getByTestId('xrpl-address').fill(wallet.classicAddress);
    const statusCard = page.getByTestId('kyc-status-card');
    await statusCard.getByTestId('kyc-status-badge').getByText('not started').waitFor();
    expect(await submitDisabled('xrpl-issue-submit')).toBe(true);
    await page.getByRole('tab', { name: 'Trade AMM' }).click();
    expect(await submitDisabled('xrpl-trade-submit')).toBe(true);
    await page.getByRole('tab', { name: 'Retire' }).click();
    expect(await submitDisabled('xrpl-retire-submit')).toBe(true);
    await page.getByRole('tab', { name: 'Issue Credits' }).click();
    await settledScreenshot('xrpl-kyc-required');

    await statusCard.getByTestId('kyc-start-link').click();
    const modal = page.getByRole('dialog', { name: 'Identity verification' });
    await modal.waitFor();
    expect(await modal.getByTestId('kyc-address').inputValue()).toBe(wallet.classicAddress);
    await submitKycWithSeed(modal, wallet.seed ?? '');

    await expectToast('KYC Verification Complete', '');
    await modal.waitFor({ state: 'detached' });
    await statusCard.getByTestId('kyc-status-badge').getByText('verified').waitFor();
    expect(await statusCard.getByTestId('aml-status-badge').textContent()).toBe('cleared');
    await page.waitForFunction(() => !(document.querySelector('[data-testid="xrpl-issue-submit"]') as HTMLButtonElement | null)?.disabled);
    // No XRPL action was sent while KYC was missing.
    expect(xrplPosts()).toHaveLength(0);
  });

  it('refuses a destination address that is too short with the Validation Error toast and sends no request', async () => {
    await page.getByTestId('xrpl-issue-name').fill(PROJECT_NAME);
    await page.getByTestId('xrpl-issue-scope1').fill('100');
    await page.getByTestId('xrpl-issue-scope2').fill('50');
    await page.getByTestId('xrpl-issue-destination').fill('rTooShort12345');
    await page.getByTestId('xrpl-issue-seed').fill(wallet.seed!);
    await page.getByTestId('xrpl-issue-submit').click();
    await expectToast('Validation Error', 'Please enter a valid XRPL address');
    expect(xrplPosts()).toHaveLength(0);
    await settledScreenshot('xrpl-validation-error');
  });

  it('issues credits signed in the browser: the seed is never sent and the realtime card shows the new batch', async () => {
    expect(await page.getByTestId('xrpl-issue-seed').getAttribute('type')).toBe('password');
    await page.getByTestId('realtime-connection').getByText('Live').waitFor();
    await page.getByTestId('realtime-updates-empty').waitFor();

    await page.getByTestId('xrpl-issue-project-type').click();
    await page.getByRole('option', { name: 'Wind Energy', exact: true }).click();
    await page.getByTestId('xrpl-issue-destination').fill(wallet.classicAddress);
    // 20% of scopes 1-3 (100 + 50 + 0 tCO2e).
    expect(await page.getByTestId('xrpl-issue-estimate').textContent()).toBe('Estimated credits: 30');

    const issued = page.waitForResponse((response) => response.url().endsWith('/api/xrpl/issue') && response.request().method() === 'POST', {
      timeout: LEDGER_TIMEOUT_MS,
    });
    await page.getByTestId('xrpl-issue-submit').click();
    const response = await issued;
    expect(response.ok()).toBe(true);
    const filed = (await response.json()) as { nftId: string; projectId: string; reportId: string; creditAmount: number; bufferQuantity: number };
    nftId = filed.nftId;
    expect(nftId).toMatch(/^[0-9A-F]{64}$/);
    // The mint filed an issuance request: nothing is paid until a verifier and the registry approve it.
    await expectToast(
      'Credits Issued Successfully',
      `NFT ${nftId.slice(0, 16)}... filed 30 credits for verification under project ${filed.projectId}; they are paid as NXCC once the registry approves them.`,
    );
    expect(await page.getByTestId('xrpl-issue-seed').inputValue()).toBe('');

    const issueRequests = xrplPosts().filter((request) => /\/api\/xrpl\/issue(\/prepare)?$/.test(request.url));
    expect(issueRequests.map((request) => new URL(request.url).pathname)).toEqual(['/api/xrpl/issue/prepare', '/api/xrpl/issue']);
    const prepareBody = JSON.parse(issueRequests[0]!.body) as Record<string, unknown>;
    expect(prepareBody).toMatchObject({
      name: PROJECT_NAME,
      projectType: 'Wind Energy',
      scope1: 100,
      scope2: 50,
      scope3: 0,
      xrplAddress: wallet.classicAddress,
    });
    expect(Object.keys(JSON.parse(issueRequests[1]!.body) as object).sort()).toEqual(['preparation', 'signedTransactions']);
    for (const request of issueRequests) {
      expect(request.body).not.toContain(wallet.seed);
      expect(request.body).not.toMatch(/seed/i);
    }

    await settledScreenshot('xrpl-issue-filed');
    // The fresh wallet had no NXCC trust line: the prepared flow set it (TrustSet signed with the same key) before the mint, so the credits are paid once issued.
    await approveThroughRegistryApi(page.context(), page.context(), service, {
      ...filed,
      vintage: new Date().getUTCFullYear(),
      claimedQuantity: filed.creditAmount + filed.bufferQuantity,
    });
    const update = page.getByTestId('realtime-update').filter({ hasText: `30 credits issued: ${PROJECT_NAME}` });
    await update.waitFor();
    expect(await update.textContent()).toContain('Credits');
    await settledScreenshot('xrpl-issued');
  });

  it('buys credits through the XRPL AMM with the issuer prefilled; the realtime card shows the trade without a reload', async () => {
    await page.getByRole('tab', { name: 'Trade AMM' }).click();
    await page.getByTestId('xrpl-trade-card').waitFor();
    await page.waitForFunction(() =>
      /^r\w{24,34}$/.test((document.querySelector('[data-testid="xrpl-trade-issuer"]') as HTMLInputElement | null)?.value ?? ''),
    );
    const issuer = await page.getByTestId('xrpl-trade-issuer').inputValue();
    expect(issuer).not.toBe(wallet.classicAddress);

    await page.getByTestId('xrpl-trade-seed').fill(wallet.seed!);
    expect(await page.getByTestId('xrpl-trade-seed').getAttribute('type')).toBe('password');
    await page.getByTestId('xrpl-trade-seller').fill(sellerAddress);
    await page.getByTestId('xrpl-trade-amount').fill('10');
    // 10 NXCC cost about 121 XRP at 1 NXCC ≈ 12 XRP plus the 0.5% fee.
    await page.getByTestId('xrpl-trade-xrp').fill('200');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    await page.getByTestId('xrpl-trade-submit').click();

    await expectToast('Trade Executed via XRPL AMM', /Transaction [0-9A-F]{16}\.\.\./);
    expect(await page.getByTestId('xrpl-trade-seed').inputValue()).toBe('');
    const tradeRequests = xrplPosts().filter((request) => /\/api\/xrpl\/trade(\/prepare)?$/.test(request.url));
    expect(tradeRequests.map((request) => new URL(request.url).pathname)).toEqual(['/api/xrpl/trade/prepare', '/api/xrpl/trade']);
    expect(JSON.parse(tradeRequests[0]!.body)).toMatchObject({ sellerAddress, amountCRC: 10, xrpAmount: 200, issuer, xrplAddress: wallet.classicAddress });
    for (const request of tradeRequests) expect(request.body).not.toContain(wallet.seed);

    await page
      .getByTestId('realtime-update')
      .filter({ hasText: /10 credits.*\(XRPL AMM\)/ })
      .waitFor();
    expect(await page.getByTestId('realtime-update').count()).toBe(2);
    expect(navigations).toEqual([]);
    await settledScreenshot('xrpl-traded');
  });

  it('retires the bought credits and burns the batch NFT', async () => {
    await page.getByRole('tab', { name: 'Retire' }).click();
    await page.getByTestId('xrpl-retire-card').waitFor();
    expect(await page.getByTestId('xrpl-retire-issuer').inputValue()).toMatch(/^r\w{24,34}$/);
    await page.getByTestId('xrpl-retire-seed').fill(wallet.seed!);
    await page.getByTestId('xrpl-retire-nft').fill(nftId);
    await page.getByTestId('xrpl-retire-amount').fill('4');
    await page.getByTestId('xrpl-retire-purpose').fill('Scope 2 offset 2026');
    const retired = page.waitForResponse((response) => response.url().endsWith('/api/xrpl/retire') && response.request().method() === 'POST', {
      timeout: LEDGER_TIMEOUT_MS,
    });
    await page.getByTestId('xrpl-retire-submit').click();
    const response = await retired;
    expect(response.ok()).toBe(true);
    expect(await response.json()).toMatchObject({ success: true, burned: 4, nftBurnTxHash: expect.stringMatching(/^[0-9A-F]{64}$/) });

    await expectToast('Credits Retired Successfully', 'Burned 4 tokens');
    expect(await page.getByTestId('xrpl-retire-seed').inputValue()).toBe('');
    const retireRequests = xrplPosts().filter((request) => /\/api\/xrpl\/retire(\/prepare)?$/.test(request.url));
    expect(retireRequests.map((request) => new URL(request.url).pathname)).toEqual(['/api/xrpl/retire/prepare', '/api/xrpl/retire']);
    expect(JSON.parse(retireRequests[0]!.body)).toMatchObject({ nftId, tokenAmount: 4, purpose: 'Scope 2 offset 2026', xrplAddress: wallet.classicAddress });
    await settledScreenshot('xrpl-retired');
  });

  it('never sent the seed in any request of the page', () => {
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.url).not.toContain(wallet.seed);
      expect(request.body).not.toContain(wallet.seed);
    }
  });

  it('draws the AMM price history and the reserves the swap left on the Dashboard from the read models', async () => {
    await page.goto(`${service.baseUrl}/dashboard?tab=amm`);
    const chart = page.getByTestId('amm-price-history-chart');
    // One day of swaps is one point: a dot (a line needs two days).
    await chart.locator('.recharts-line-dot').first().waitFor({ timeout: LEDGER_TIMEOUT_MS });
    expect(await chart.locator('.recharts-cartesian-axis-tick').count()).toBeGreaterThan(0);
    // The reserves: the pool's opening and the pool the swap left, a point of each line for each.
    const reserves = page.getByTestId('amm-reserves-history-chart');
    await expect.poll(() => reserves.locator('.recharts-line-dot').count(), { timeout: LEDGER_TIMEOUT_MS }).toBe(4);
    await settledScreenshot('dashboard-amm-price-history-swapped');
  });
});
