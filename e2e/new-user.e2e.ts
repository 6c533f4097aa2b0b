import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, Wallet } from 'xrpl';
import { expectToast, settledScreenshot } from './support/browser.js';
import { submitKycWithSeed } from './support/kyc.js';
import { provisionedLedgerUrl } from './support/sandbox-ledger.js';
import { useBrowserSession } from './support/session.js';

/** A submission waits for its ledger to validate (the sandbox closes one a second). */
const LEDGER_TIMEOUT_MS = 30_000;

describe('A brand-new trader on a fresh start finds a way in on /xrpl (Chromium, real service, sandbox ledger)', () => {
  const session = useBrowserSession({ newTrader: { emailPrefix: 'new-trader', name: 'New Trader' }, context: { viewport: { width: 1280, height: 1000 } } });
  let address = '';
  let seed = '';
  let ledgerUrl = '';
  const bodies: string[] = [];

  beforeAll(async () => {
    ledgerUrl = await provisionedLedgerUrl(session.service);
    session.page.on('request', (request: Request) => {
      const body = request.postData();
      if (body) bodies.push(body);
    });
  });

  it('creates a sandbox wallet in the browser: the faucet funds it, the seed is shown once with a copy button and a warning', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/xrpl`);
    await page.getByRole('heading', { name: 'XRPL Carbon Trading', level: 1 }).waitFor();
    await page.getByTestId('sandbox-wallet-create').click();
    await page.getByTestId('sandbox-wallet-created').waitFor({ timeout: LEDGER_TIMEOUT_MS });
    seed = ((await page.getByTestId('sandbox-wallet-seed').textContent()) ?? '').trim();
    expect(seed).toMatch(/^s[1-9A-HJ-NP-Za-km-z]{20,}$/);
    address = await page.getByTestId('xrpl-address').inputValue();
    expect(Wallet.fromSeed(seed).classicAddress).toBe(address);
    expect(await page.getByTestId('sandbox-wallet-warning').textContent()).toContain('It is shown once and never sent to the server');
    expect(await page.getByTestId('sandbox-wallet-copy-seed').textContent()).toBe('Copy seed');
    await settledScreenshot(page, 'new-user-sandbox-wallet');
    await page.getByTestId('sandbox-wallet-saved').click();
    await page.getByTestId('sandbox-wallet-seed').waitFor({ state: 'detached' });
    expect(bodies.some((body) => body.includes(seed))).toBe(false);
  });

  it('verifies the new wallet with the signed challenge of the KYC modal', async () => {
    const { page } = session;
    const statusCard = page.getByTestId('kyc-status-card');
    await statusCard.getByTestId('kyc-status-badge').getByText('not started').waitFor();
    await statusCard.getByTestId('kyc-start-link').click();
    const modal = page.getByRole('dialog', { name: 'Identity verification' });
    await modal.waitFor();
    expect(await modal.getByTestId('kyc-address').inputValue()).toBe(address);
    await submitKycWithSeed(modal, seed, 'Grace Hopper');
    await expectToast(page, 'KYC Verification Complete', '', LEDGER_TIMEOUT_MS);
    await modal.waitFor({ state: 'detached' });
    await statusCard.getByTestId('kyc-status-badge').getByText('verified').waitFor();
    await settledScreenshot(page, 'new-user-kyc-verified');
    expect(bodies.some((body) => body.includes(seed))).toBe(false);
  });

  it('buys NXCC on the AMM with the new wallet: the trust line is set in the same signed flow', async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Trade AMM' }).click();
    await page.getByTestId('xrpl-trade-card').waitFor();
    await page.waitForFunction(() =>
      /^r\w{24,34}$/.test((document.querySelector('[data-testid="xrpl-trade-issuer"]') as HTMLInputElement | null)?.value ?? ''),
    );
    await page.getByTestId('xrpl-trade-seed').fill(seed);
    await page.getByTestId('xrpl-trade-seller').fill(Wallet.generate().classicAddress);
    await page.getByTestId('xrpl-trade-amount').fill('10');
    await page.getByTestId('xrpl-trade-xrp').fill('200');
    await page.getByTestId('xrpl-trade-submit').click();
    await expectToast(page, 'Trade Executed via XRPL AMM', /Transaction [0-9A-F]{16}\.\.\./, LEDGER_TIMEOUT_MS);
    await settledScreenshot(page, 'new-user-amm-bought');
    const ledger = new Client(ledgerUrl);
    await ledger.connect();
    try {
      const lines = await ledger.request({ command: 'account_lines', account: address });
      expect(lines.result.lines.map((line) => Number(line.balance))).toEqual([10]);
    } finally {
      await ledger.disconnect();
    }
    expect(bodies.some((body) => body.includes(seed))).toBe(false);
  });
});
