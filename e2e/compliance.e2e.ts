import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { screenshot } from './support/browser.js';
import { fillKycIdentity } from './support/kyc.js';
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
});
