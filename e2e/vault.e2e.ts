import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, Wallet } from 'xrpl';
import { expectToast, settledScreenshot } from './support/browser.js';
import { submitKycWithSeed } from './support/kyc.js';
import { provisionedLedgerUrl } from './support/sandbox-ledger.js';
import { useBrowserSession } from './support/session.js';

/** A submission waits for its ledger to validate (the sandbox closes one a second). */
const LEDGER_TIMEOUT_MS = 30_000;
/** The proof of reserves is polled every 10 s and refreshed when the vault moves. */
const RESERVES_TIMEOUT_MS = 45_000;

const BOUGHT = 10;
const RETIRED = 4;
const REDEEMED = BOUGHT - RETIRED;
const TOKEN_ID = /[A-Z]+-\d{4}-[0-9A-F]{8}/;

describe('The vault in Chromium: a new trader buys NXCC, retires part on XRPL, redeems the rest for registry credits and sells them on the Marketplace, and the reserves balance', () => {
  const session = useBrowserSession({ newTrader: { emailPrefix: 'vault-trader', name: 'Vault Trader' }, context: { viewport: { width: 1280, height: 1000 } } });
  let ledgerUrl = '';
  let address = '';
  let seed = '';
  let redeemedTokenId = '';
  const bodies: string[] = [];

  beforeAll(async () => {
    ledgerUrl = await provisionedLedgerUrl(session.service);
    session.page.on('request', (request: Request) => {
      bodies.push(`${request.url()} ${request.postData() ?? ''}`);
    });
  });

  async function nxccOnLedger(): Promise<number> {
    const ledger = new Client(ledgerUrl);
    await ledger.connect();
    try {
      const lines = await ledger.request({ command: 'account_lines', account: address });
      return lines.result.lines.reduce((sum, line) => sum + Number(line.balance), 0);
    } finally {
      await ledger.disconnect();
    }
  }

  it('creates a sandbox wallet and verifies it with the signed challenge of the KYC modal', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/xrpl`);
    await page.getByRole('heading', { name: 'XRPL Carbon Trading', level: 1 }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Issue Credits', 'Trade AMM', 'Retire', 'Vault']);
    await page.getByTestId('sandbox-wallet-create').click();
    await page.getByTestId('sandbox-wallet-created').waitFor({ timeout: LEDGER_TIMEOUT_MS });
    seed = ((await page.getByTestId('sandbox-wallet-seed').textContent()) ?? '').trim();
    address = await page.getByTestId('xrpl-address').inputValue();
    expect(Wallet.fromSeed(seed).classicAddress).toBe(address);
    await page.getByTestId('sandbox-wallet-saved').click();

    const statusCard = page.getByTestId('kyc-status-card');
    await statusCard.getByTestId('kyc-start-link').click();
    const modal = page.getByRole('dialog', { name: 'Identity verification' });
    await modal.waitFor();
    await submitKycWithSeed(modal, seed, 'Grace Hopper');
    await expectToast(page, 'KYC Verification Complete', '', LEDGER_TIMEOUT_MS);
    await modal.waitFor({ state: 'detached' });
    await statusCard.getByTestId('kyc-status-badge').getByText('verified').waitFor();
  });

  it(`buys ${BOUGHT} NXCC on the AMM`, async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Trade AMM' }).click();
    await page.waitForFunction(() =>
      /^r\w{24,34}$/.test((document.querySelector('[data-testid="xrpl-trade-issuer"]') as HTMLInputElement | null)?.value ?? ''),
    );
    await page.getByTestId('xrpl-trade-seed').fill(seed);
    await page.getByTestId('xrpl-trade-seller').fill(Wallet.generate().classicAddress);
    await page.getByTestId('xrpl-trade-amount').fill(String(BOUGHT));
    await page.getByTestId('xrpl-trade-xrp').fill('200');
    await page.getByTestId('xrpl-trade-submit').click();
    await expectToast(page, 'Trade Executed via XRPL AMM', /Transaction [0-9A-F]{16}\.\.\./, LEDGER_TIMEOUT_MS);
    expect(await nxccOnLedger()).toBe(BOUGHT);
  });

  it(`retires ${RETIRED} of them on the Retire tab; the certificate opens from the dashboard's retirement record`, async () => {
    const { page, service, context } = session;
    await page.getByRole('tab', { name: 'Retire' }).click();
    await page.getByTestId('xrpl-retire-card').waitFor();
    await page.getByTestId('xrpl-retire-seed').fill(seed);
    await page.getByTestId('xrpl-retire-amount').fill(String(RETIRED));
    await page.getByTestId('xrpl-retire-purpose').fill('Vault e2e offset');
    await page.getByTestId('xrpl-retire-submit').click();
    await expectToast(page, 'Credits Retired Successfully', `Burned ${RETIRED} tokens`, LEDGER_TIMEOUT_MS);
    expect(await nxccOnLedger()).toBe(REDEEMED);

    // Another tab of the same session: /xrpl keeps its address and wallet.
    const dashboard = await context.newPage();
    try {
      await dashboard.goto(`${service.baseUrl}/dashboard?tab=retirements`);
      const record = dashboard.getByTestId('retirement-record').first();
      await record.waitFor({ timeout: LEDGER_TIMEOUT_MS });
      await record.getByTestId('retirement-registry-link').click();
      const certificate = dashboard.getByTestId('retirement-certificate');
      await certificate.waitFor();
      await certificate.getByRole('heading', { name: 'Carbon Credit Retirement Certificate' }).waitFor();
      expect(await certificate.getByTestId('certificate-quantity').textContent()).toBe(`${RETIRED} tCO2e`);
      expect(await certificate.getByTestId('certificate-purpose').textContent()).toBe('Vault e2e offset');
      await settledScreenshot(dashboard, 'vault-retirement-certificate');
    } finally {
      await dashboard.close();
    }
  });

  it(`redeems the other ${REDEEMED} on the Vault tab for registry credits`, async () => {
    const { page } = session;
    await page.getByRole('tab', { name: 'Vault' }).click();
    await page.getByTestId('xrpl-redeem-card').waitFor();
    await page.getByTestId('xrpl-redeem-amount').fill(String(REDEEMED));
    await page.getByTestId('xrpl-redeem-seed').fill(seed);
    const redeemed = page.waitForResponse((response) => response.url().endsWith('/api/xrpl/redeem') && response.request().method() === 'POST', {
      timeout: LEDGER_TIMEOUT_MS,
    });
    await page.getByTestId('xrpl-redeem-submit').click();
    const answer = (await (await redeemed).json()) as { redeemed: number; tokenId: string };
    expect(answer.redeemed).toBe(REDEEMED);
    expect(answer.tokenId).toMatch(TOKEN_ID);
    redeemedTokenId = answer.tokenId;
    await expectToast(
      page,
      'Credits Redeemed',
      new RegExp(`${REDEEMED} NXCC redeemed for credits of ${redeemedTokenId}; transaction [0-9A-F]{16}\\.\\.\\.`),
      LEDGER_TIMEOUT_MS,
    );
    expect(await page.getByTestId('xrpl-redeem-seed').inputValue()).toBe('');
    expect(await nxccOnLedger()).toBe(0);

    // The serials are the trader's now: the tokenize form offers them back.
    await page.getByTestId('xrpl-tokenize-token').click();
    await page.getByRole('option', { name: new RegExp(`^${redeemedTokenId} · .* \\(${REDEEMED} available\\)$`) }).waitFor({ timeout: LEDGER_TIMEOUT_MS });
    await page.keyboard.press('Escape');
  });

  it(`sells the ${REDEEMED} redeemed registry credits on the Marketplace`, async () => {
    const { service, context } = session;
    const [, vintage] = redeemedTokenId.split('-');
    expect(redeemedTokenId.startsWith('REFOREST-')).toBe(true);
    const marketplace = await context.newPage();
    try {
      await marketplace.goto(`${service.baseUrl}/trade`);
      await marketplace.getByTestId('marketplace-order-form').waitFor();
      await marketplace.getByTestId('marketplace-sell').click();
      await marketplace.getByTestId('marketplace-credit-type').click();
      await marketplace.getByRole('option', { name: 'Reforestation Credits' }).click();
      await marketplace.getByTestId('marketplace-vintage').click();
      await marketplace.getByRole('option', { name: String(vintage) }).click();
      await marketplace.getByTestId('marketplace-quantity').fill(String(REDEEMED));
      await marketplace.getByTestId('marketplace-price').fill('41');
      await marketplace.getByTestId('marketplace-submit').click();
      await expectToast(marketplace, 'Order Created', `SELL order for ${REDEEMED} credits created successfully`, LEDGER_TIMEOUT_MS);
      await settledScreenshot(marketplace, 'vault-redeemed-sold-on-marketplace');
    } finally {
      await marketplace.close();
    }
  });

  it('shows the proof of reserves Balanced: the NXCC outstanding on the ledger equal the credits in the vault', async () => {
    const { page } = session;
    const card = page.getByTestId('vault-reserves-card');
    await card.getByTestId('vault-reserves-status').getByText('Balanced').waitFor({ timeout: RESERVES_TIMEOUT_MS });
    // Nothing is left in flight once the redemption is registered: both sides show the same count.
    const sides = async () =>
      Promise.all(['vault-reserves-outstanding', 'vault-reserves-held', 'vault-reserves-in-flight'].map((testId) => card.getByTestId(testId).textContent()));
    await expect.poll(sides, { timeout: RESERVES_TIMEOUT_MS }).toSatisfy(([outstanding, held, inFlight]) => outstanding === held && inFlight === '0');
    const [outstanding] = await sides();
    expect(outstanding).toMatch(/^[\d,]+$/);
    expect(await card.getByTestId('vault-reserves-difference').count()).toBe(0);
    await settledScreenshot(page, 'vault-redeemed-balanced');
  });

  it('never sent the seed in any request of the page', () => {
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.some((body) => body.includes(seed))).toBe(false);
  });
});
