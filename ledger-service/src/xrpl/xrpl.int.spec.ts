import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  ammStateResponse,
  CREDIT_CURRENCY_CODE,
  platformWalletRoles,
  swapPathResponse,
  walletBalanceResponse,
  walletTransactionsResponse,
  xrplNetworkResponse,
} from '@carbon-ledger/contracts';
import { convertStringToHex, getNFTokenID, NFTokenMintFlags, type Payment, PaymentFlags, type TrustSet, Wallet, xrpToDrops } from 'xrpl';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceOnLedgerForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { SANDBOX_POOL } from '../infrastructure/xrpl/sandbox-provisioning.js';
import { PlatformSubmissions } from '../shared/platform-submissions.js';

describe('XRPL gateway, platform wallets and read APIs against the sandbox', () => {
  const service = serviceOnLedgerForSuite();
  let trader: SignedInClient;
  let submissions: PlatformSubmissions;

  beforeAll(async () => {
    submissions = service.app.get(PlatformSubmissions);
    trader = await service.signIn(['trader']);
  });

  const getJson = async (path: string): Promise<unknown> => {
    const response = await trader.request('GET', path);
    expect(response.status, path).toBe(200);
    return response.json();
  };

  it('reports the sandbox network and the connection', async () => {
    const network = xrplNetworkResponse.parse(await getJson('/api/xrpl/network'));
    expect(network).toMatchObject({ network: 'sandbox', isMainnet: false, connected: true });
    expect(network.ledgerIndex).toBeGreaterThan(2);
  });

  it('funds the five platform wallets (issuer, market maker, KYC issuer, audit anchor, deposit address) on first start and never shows their seeds', async () => {
    const response = await trader.request('GET', '/api/xrpl/balance');
    const text = await response.text();
    const balances = walletBalanceResponse.parse(JSON.parse(text));
    expect(balances.wallets.map((wallet) => wallet.role)).toEqual([...platformWalletRoles]);
    expect(balances.wallets.every((wallet) => wallet.status === 'funded')).toBe(true);
    expect(balances.summary).toMatchObject({ fundedWallets: 5, totalWallets: 5, network: 'sandbox', status: 'operational' });
    for (const role of platformWalletRoles) expect(text).not.toContain(service.gateway.wallets[role].seed);
    const secrets = join(service.runtime.config.dataDir, 'secrets', 'xrpl-sandbox-wallets.json');
    expect(statSync(secrets).mode & 0o777).toBe(0o600);
  });

  it('opens the XRP/NXCC pool and records every platform transaction as an event', async () => {
    const amm = ammStateResponse.parse(await getJson('/api/xrpl/amm-state'));
    expect(amm).toMatchObject({
      isActive: true,
      tradingFeePercent: SANDBOX_POOL.tradingFee / 1000,
      poolReserves: { asset1: { amount: '1200000.00', currency: 'XRP' }, asset2: { amount: '100000', currency: 'NXCC' } },
      swapCount: 0,
      swapHistory: [],
      lastTrade: null,
    });
    const recorded = await service.runtime.eventStore.readStream('xrpl-wallet-market_maker');
    const create = recorded.find((event) => (event.data as { transactionType: string }).transactionType === 'AMMCreate');
    expect(create?.data).toMatchObject({ walletRole: 'market_maker', result: 'tesSUCCESS', validated: true });
    expect((create?.data as { ledgerIndex: number }).ledgerIndex).toBeGreaterThan(0);

    const listed = walletTransactionsResponse.parse(await getJson('/api/xrpl/transactions'));
    expect(listed.transactions.map((transaction) => transaction.type)).toEqual(expect.arrayContaining(['AMMCreate', 'TrustSet', 'AccountSet']));
    expect(listed.transactions.find((transaction) => transaction.type === 'AMMCreate')).toMatchObject({ walletRole: 'market_maker', status: 'tesSUCCESS' });
  });

  it('quotes with the live pool, and a real swap then delivers the quoted amount', async () => {
    const quote = swapPathResponse.parse(await getJson('/api/xrpl/swap-path?from=XRP&to=NXCC&amount=1000'));
    expect(quote.success).toBe(true);
    expect(quote.recommendation.maxInput).toBe('1010');
    expect(quote.recommendation.sdgImpact).toContain('tCO2e');

    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    const buyer = Wallet.generate();
    await service.ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: buyer.address, Amount: xrpToDrops(5_000) } satisfies Payment,
      { wallet: genesis },
    );
    const issuer = service.gateway.wallets.issuer.address;
    await service.ledger.submitAndWait(
      { TransactionType: 'TrustSet', Account: buyer.address, LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer, value: '1000000' } } satisfies TrustSet,
      { wallet: buyer },
    );
    const swap = await service.ledger.submitAndWait(
      {
        TransactionType: 'Payment',
        Account: buyer.address,
        Destination: buyer.address,
        Amount: { currency: CREDIT_CURRENCY_CODE, issuer, value: '1000000' },
        SendMax: xrpToDrops(1000),
        Flags: PaymentFlags.tfPartialPayment,
      } satisfies Payment,
      { wallet: buyer },
    );
    const meta = swap.result.meta;
    const delivered = typeof meta === 'object' && typeof meta.delivered_amount === 'object' ? Number(meta.delivered_amount.value) : NaN;
    expect(delivered).toBeCloseTo(Number(quote.recommendation.estimatedOutput), 5);

    const amm = ammStateResponse.parse(await getJson('/api/xrpl/amm-state'));
    expect(amm.swapCount).toBe(1);
    expect(amm.swapHistory[0]).toMatchObject({ fromAsset: 'XRP', toAsset: 'NXCC' });
    expect(amm.lastTrade?.amount).toContain('NXCC');
  });

  it('mints and burns a batch NFT through the platform submissions, recording both on the log', async () => {
    const issuer = service.gateway.wallets.issuer.address;
    const minted = await submissions.submit({
      key: 'test:mint',
      role: 'issuer',
      transaction: {
        TransactionType: 'NFTokenMint',
        Account: issuer,
        NFTokenTaxon: 7,
        Flags: NFTokenMintFlags.tfBurnable,
        URI: convertStringToHex('ipfs://batch-certificate'),
      },
      purpose: 'Mint a test batch NFT',
    });
    const nftId = getNFTokenID(minted.meta);
    expect(nftId).toMatch(/^[0-9A-F]{64}$/);
    const held = await service.ledger.request({ command: 'account_nfts', account: issuer });
    expect(held.result.account_nfts.map((nft) => nft.NFTokenID)).toContain(nftId);

    await submissions.submit({
      key: 'test:burn',
      role: 'issuer',
      transaction: { TransactionType: 'NFTokenBurn', Account: issuer, NFTokenID: nftId! },
      purpose: 'Burn the test batch NFT',
    });
    const after = await service.ledger.request({ command: 'account_nfts', account: issuer });
    expect(after.result.account_nfts.map((nft) => nft.NFTokenID)).not.toContain(nftId);

    const recorded = (await service.runtime.eventStore.readStream('xrpl-wallet-issuer')).map(
      (event) => event.data as { transactionType: string; result: string; hash: string; purpose: string },
    );
    // The registry mints its own batch NFTs with this wallet too (the pool's vault batch, say): only this test's two count.
    const ours = new Set(['Mint a test batch NFT', 'Burn the test batch NFT']);
    expect(recorded.filter((entry) => ours.has(entry.purpose))).toEqual([
      expect.objectContaining({ transactionType: 'NFTokenMint', result: 'tesSUCCESS', hash: minted.hash }),
      expect.objectContaining({ transactionType: 'NFTokenBurn', result: 'tesSUCCESS' }),
    ]);
  });

  it('records a refused platform transaction with its result and answers a conflict', async () => {
    const issuer = service.gateway.wallets.issuer.address;
    await expect(
      submissions.submit({
        key: 'test:burn-missing',
        role: 'issuer',
        transaction: { TransactionType: 'NFTokenBurn', Account: issuer, NFTokenID: '0'.repeat(64) },
        purpose: 'Burn a token that does not exist',
      }),
    ).rejects.toMatchObject({ code: 'Conflict', message: expect.stringContaining('tecNO_ENTRY') });
    const last = (await service.runtime.eventStore.readStream('xrpl-wallet-issuer')).at(-1)?.data as { transactionType: string; result: string };
    expect(last).toMatchObject({ transactionType: 'NFTokenBurn', result: 'tecNO_ENTRY' });
  });

  it.each([
    ['from=XRP&to=XRP&amount=5', 'Invalid Swap - Source and destination assets cannot be the same'],
    ['from=XRP&to=NXCC&amount=-1', 'Invalid Amount - Please enter a valid positive number'],
    ['from=XRP&to=NXCC&amount=abc', 'Invalid Amount - Please enter a valid positive number'],
    ['from=BTC&to=NXCC&amount=1', 'from must be XRP or NXCC'],
  ])('refuses the quote %s with 400 and the spec text', async (query, message) => {
    const response = await trader.request('GET', `/api/xrpl/swap-path?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining(message) });
  });

  it('answers 503 for XRP market data when no price source is configured', async () => {
    const response = await trader.request('GET', '/api/xrpl/market-data');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'ServiceUnavailable' });
  });
});
