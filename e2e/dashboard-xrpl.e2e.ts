import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { useBrowserSession } from './support/session.js';

/** The sandbox provisions wallets and the pool in the background after start; the AMM tab polls every 10 s. */
const PROVISIONING_TIMEOUT_MS = 60_000;

describe('Dashboard XRPL tabs in Chromium against the real service and its sandbox ledger', () => {
  const session = useBrowserSession();
  const quoteRequests: string[] = [];

  beforeAll(() => {
    session.page.on('request', (request) => {
      if (request.url().includes('/api/xrpl/swap-path')) quoteRequests.push(request.url());
    });
  });

  async function expectToast(title: string, message: string): Promise<void> {
    const toast = session.page.locator('.mantine-Notification-root').filter({ hasText: title });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(message);
  }

  it('opens on Overview with the header buttons and the four tabs', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Overview', 'Retirements', 'AMM Pool Monitor', 'XRPL Wallets']);
    expect(await page.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('link', { name: 'Issue New Credits' }).getAttribute('href')).toBe('/issue');
    expect(await page.getByRole('link', { name: 'View Portfolio' }).getAttribute('href')).toBe('/portfolio');
    await page.getByTestId('dashboard-overview').waitFor();
    await screenshot(page, 'dashboard-overview');
  });

  it('shows the active XRP/NXCC pool and its reserves once the sandbox has provisioned it', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'AMM Pool Monitor' }).click();
    await page.waitForURL(/\?tab=amm$/);
    await page.getByTestId('amm-reserve-asset1').filter({ hasText: '1,200,000.00 XRP' }).waitFor({ timeout: PROVISIONING_TIMEOUT_MS });
    expect(await page.getByTestId('amm-reserve-asset2').textContent()).toBe('100,000 NXCC');
    expect(await page.getByTestId('amm-pool-status').textContent()).toBe('Active');
    await page.getByText('Trading fee 0.5%').waitFor();
    await page.getByText('No recent swap activity').waitFor();
    expect(await page.getByRole('link', { name: 'Open in Xaman' }).getAttribute('href')).toBe('https://xaman.app');
    expect(await page.getByRole('link', { name: 'XRP Toolkit' }).getAttribute('target')).toBe('_blank');
    await screenshot(page, 'dashboard-amm');
  });

  it('quotes 100 XRP into NXCC from the live pool', async () => {
    const { page } = session;
    await page.getByTestId('swap-amount').fill('100');
    await page.getByRole('button', { name: 'Get Quote' }).click();
    const output = page.getByTestId('swap-quote-output');
    await output.waitFor();
    const text = (await output.textContent()) ?? '';
    expect(text).toMatch(/^[\d,.]+ NXCC$/);
    // 100 XRP into 1,200,000 XRP / 100,000 NXCC with a 0.5% fee: about 8.29 NXCC.
    expect(Number(text.replace(/[^\d.]/g, ''))).toBeCloseTo(8.29, 1);
    expect(await page.getByTestId('swap-quote-max-input').textContent()).toBe('101 XRP');
    expect(await page.getByTestId('swap-quote-message').textContent()).toContain('100 XRP buys about');
    expect(quoteRequests).toHaveLength(1);
    expect(quoteRequests[0]).toContain('from=XRP&to=NXCC&amount=100');
    await screenshot(page, 'dashboard-amm-quote');
  });

  it('refuses amount 0 with the Invalid Amount toast and sends no request', async () => {
    const { page } = session;
    await page.getByTestId('swap-amount').fill('0');
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await expectToast('Invalid Amount', 'Please enter a valid positive number');
    expect(quoteRequests).toHaveLength(1);
  });

  it('refuses XRP to XRP with the Invalid Swap toast and sends no request', async () => {
    const { page } = session;
    await page.getByTestId('swap-amount').fill('100');
    await page.getByTestId('swap-to').click();
    await page.getByRole('option', { name: 'XRP', exact: true }).click();
    await page.getByRole('button', { name: 'Get Quote' }).click();
    await expectToast('Invalid Swap', 'Source and destination assets cannot be the same');
    expect(quoteRequests).toHaveLength(1);
    await screenshot(page, 'dashboard-amm-invalid-swap');
  });

  it('shows the five funded platform wallets on the Sandbox network and their transactions', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'XRPL Wallets' }).click();
    await page.waitForURL(/\?tab=wallets$/);
    await page.getByTestId('xrpl-network-badge').filter({ hasText: 'Sandbox' }).waitFor();
    await page.getByTestId('wallet-funded-count').filter({ hasText: '5/5' }).waitFor({ timeout: PROVISIONING_TIMEOUT_MS });
    const cards = page.getByTestId('wallet-card');
    expect(await cards.count()).toBe(5);
    expect(await page.getByTestId('wallet-status').allTextContents()).toEqual(['Funded', 'Funded', 'Funded', 'Funded', 'Funded']);
    expect(await page.getByTestId('wallet-role').allTextContents()).toEqual([
      'Credit Issuer',
      'AMM Market Maker',
      'KYC Credential Issuer',
      'Audit Anchor',
      'Deposit Address',
    ]);
    expect(await page.getByTestId('wallet-summary-status').textContent()).toBe('Operational');
    expect(await page.getByTestId('wallet-network-name').first().textContent()).toBe('Sandbox XRP');

    const ammCreate = page.locator('[data-testid="transaction-row"][data-type="AMMCreate"]');
    await ammCreate.first().waitFor();
    expect(await ammCreate.first().getByTestId('transaction-status').textContent()).toBe('Success');
    // The local sandbox has no public explorer, so hashes are not links.
    expect(await page.getByTestId('transaction-history').locator('a').count()).toBe(0);
    expect(await page.getByTestId('xrp-market-data').count()).toBe(0);
    // Let the toasts of the previous test (Invalid Swap, and any other) close so they do not cover the screenshot.
    await page.waitForFunction(() => document.querySelector('.mantine-Notification-root') === null, undefined, { timeout: 10_000 });
    await screenshot(page, 'dashboard-wallets');
  });

  it('keeps the tab across a reload', async () => {
    const { page } = session;
    await page.reload();
    await page.getByTestId('wallet-card').first().waitFor();
    expect(await page.getByRole('tab', { name: 'XRPL Wallets' }).getAttribute('aria-selected')).toBe('true');
  });
});
