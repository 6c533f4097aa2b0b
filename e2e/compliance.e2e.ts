import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { Client, Wallet } from 'xrpl';
import { screenshot } from './support/browser.js';
import { fillKycIdentity, verifyKycThroughApi } from './support/kyc.js';
import { fundOnSandbox, provisionedLedgerUrl } from './support/sandbox-ledger.js';
import { useBrowserSession } from './support/session.js';

describe('Compliance in Chromium against the real service', () => {
  const session = useBrowserSession({ context: { acceptDownloads: true } });

  it('refuses an address shorter than 25 characters with the Invalid Address toast', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/compliance`);
    await page.getByRole('tab', { name: 'KYC Verification' }).waitFor();
    await page.getByTestId('kyc-address').fill('rTooShort12345');
    await page.getByTestId('kyc-start').click();
    await page.getByText('Invalid Address').waitFor();
    await page.getByText('Please enter a valid XRPL address').waitFor();
    expect(await page.getByTestId('kyc-verification').getAttribute('data-step')).toBe('setup');
  });

  it('verifies a fresh address through the whole KYC flow', async () => {
    const { page } = session;
    const wallet = Wallet.generate();
    const address = wallet.classicAddress;
    await page.getByTestId('kyc-address').fill(address);
    // The seed signs the service's challenge in the browser and is never sent.
    await page.getByTestId('kyc-seed').fill(wallet.seed ?? '');
    await page.getByTestId('kyc-status-badge').getByText('not started').waitFor();
    await page.getByTestId('kyc-start').click();

    await page.getByTestId('kyc-identity-form').waitFor();
    await fillKycIdentity(page);
    await screenshot(page, 'compliance-kyc-identity-form');
    await page.getByTestId('kyc-submit-identity').click();

    await page.locator('.mantine-Notification-title', { hasText: 'KYC Verification Complete' }).waitFor();
    await page.getByTestId('kyc-complete').waitFor();
    await page.getByTestId('kyc-status-badge').getByText('verified').waitFor();
    expect(await page.getByTestId('aml-status-badge').textContent()).toBe('cleared');
    await screenshot(page, 'compliance-kyc-verified');
  });

  it('shows live monitoring with the dashboard', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Real-time Monitoring' }).click();
    await page.getByText('Live monitoring active').waitFor();
    await page.getByTestId('stat-total-users').waitFor();
    expect(Number(await page.getByTestId('stat-verified-users').textContent())).toBeGreaterThanOrEqual(1);
    await page.getByTestId('aml-alert-feed').or(page.getByText('No recent AML alerts')).first().waitFor();
    await screenshot(page, 'compliance-monitoring');
    await page.getByRole('tab', { name: 'Jurisdictions' }).click();
    await page.getByTestId('jurisdiction-breakdown').waitFor();
    await screenshot(page, 'compliance-monitoring-jurisdictions');
  });

  it('downloads the evidence export as a JSON file named with a timestamp', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Compliance Reporting' }).click();
    await page.getByTestId('evidence-export').waitFor();
    await screenshot(page, 'compliance-reporting');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-submit').click()]);
    expect(download.suggestedFilename()).toMatch(/^evidence-export-.*\.json$/);
    const content = await readFile(await download.path(), 'utf8');
    expect(content.startsWith('{"format":"carbon-ledger-evidence/1"')).toBe(true);
    await page.locator('.mantine-Notification-title', { hasText: 'Export Successful' }).waitFor();
    await screenshot(page, 'compliance-export-done');
  });

  it('generates the CSRD report as JSON and the UN SDG report as PDF from the log', async () => {
    const { page } = session;
    await page.getByTestId('generate-reports').scrollIntoViewIfNeeded();
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-csrd-json').click()]);
    expect(json.suggestedFilename()).toMatch(/^csrd-report-.*\.json$/);
    const report = JSON.parse(await readFile(await json.path(), 'utf8')) as { framework: string; sha256: string };
    expect(report.framework).toBe('csrd');
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    await page.locator('.mantine-Notification-title', { hasText: 'Report Generated' }).waitFor();

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-un-sdg-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'compliance-generate-reports');
  });

  it('returns a payment that named no user to its sender from the Held Deposits list', async () => {
    const { page, context, service } = session;
    const ledgerUrl = await provisionedLedgerUrl(service);
    const csrf = (await context.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
    const post = async (path: string, data: unknown) => {
      const response = await context.request.post(`${service.baseUrl}${path}`, { data, headers: { 'x-csrf-token': csrf } });
      expect(response.status(), await response.text()).toBe(200);
    };
    // Someone's own wallet with the platform's USD in it: XRP from genesis, verified for this user, a USD
    // trust line, and $20.00 of test USD withdrawn to it.
    const wallet = Wallet.generate();
    await fundOnSandbox(ledgerUrl, wallet.address);
    await verifyKycThroughApi(context, service.baseUrl, wallet);
    const { depositAddress } = (await (await context.request.get(`${service.baseUrl}/api/funds`)).json()) as { depositAddress: string };
    const ledger = new Client(ledgerUrl);
    await ledger.connect();
    try {
      const lines = await ledger.request({ command: 'account_lines', account: depositAddress });
      const issuer = lines.result.lines.find((line) => line.currency === 'USD')!.account;
      await ledger.submitAndWait({ TransactionType: 'TrustSet', Account: wallet.address, LimitAmount: { currency: 'USD', issuer, value: '1000' } }, { wallet });
      await post('/api/funds/faucet', { amount: '20.00' });
      await post('/api/funds/withdraw', { amount: '20.00', xrplAddress: wallet.address });
      const usd = async () =>
        Number((await ledger.request({ command: 'account_lines', account: wallet.address })).result.lines.find((line) => line.currency === 'USD')?.balance);
      expect(await usd()).toBe(20);
      // Paid back to the deposit address without a destination tag: nobody's, so held for review.
      await ledger.submitAndWait(
        { TransactionType: 'Payment', Account: wallet.address, Destination: depositAddress, Amount: { currency: 'USD', issuer, value: '20' } },
        { wallet },
      );
      expect(await usd()).toBe(0);

      await page.goto(`${service.baseUrl}/compliance`);
      await page.getByRole('tab', { name: 'Real-time Monitoring' }).click();
      await page.getByRole('tab', { name: 'Held Deposits' }).click();
      const row = page.getByTestId('held-deposit').filter({ hasText: wallet.address });
      await row.waitFor({ timeout: 30_000 });
      expect(await row.textContent()).toContain('No destination tag');
      await screenshot(page, 'compliance-held-deposit');
      await row.getByTestId('held-deposit-refund').click();
      await page.getByText('Return this deposit to its sender?').waitFor();
      // Past the modal's opening transition.
      await page.waitForFunction(() => getComputedStyle(document.querySelector('.mantine-Modal-content')!).opacity === '1');
      await screenshot(page, 'compliance-held-deposit-return-confirm');
      await page.getByTestId('held-deposit-refund-confirm').click();
      await page.locator('.mantine-Notification-title', { hasText: 'Deposit returned' }).waitFor({ timeout: 30_000 });
      await row.getByTestId('held-deposit-refunded').waitFor();
      await screenshot(page, 'compliance-held-deposit-returned');
      expect(await usd()).toBe(20);
    } finally {
      await ledger.disconnect();
    }
  }, 120_000);
});
