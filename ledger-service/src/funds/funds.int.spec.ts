import { randomUUID } from 'node:crypto';
import { fundsStatementResponse, fundsView, placeOrderResponse, withdrawFundsResponse } from '@carbon-ledger/contracts';
import { Client, Wallet } from 'xrpl';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { toEventsToAppend } from '../shared/command-context.js';
import { CashLedger } from './cash-ledger.js';
import { verifyCashLedger } from './verify-cash-ledger.js';
import { issueRegistryBatch } from '../test-support/registry-batch.js';

describe('Funds over HTTP: test USD, funded buys, delivery versus payment', () => {
  const service = serviceForSuite();
  let buyer: SignedInClient;
  let seller: SignedInClient;
  let compliance: SignedInClient;
  let buyerWallet: Wallet;

  beforeAll(async () => {
    buyer = await service.signIn(['trader']);
    seller = await service.signIn(['trader', 'issuer']);
    compliance = await service.signIn(['compliance']);
    buyerWallet = await verifiedAddress(service, buyer);
    await verifiedAddress(service, seller);
  });

  const funds = async (client: SignedInClient, query = '') => {
    const response = await client.request('GET', `/api/funds${query}`);
    expect(response.status).toBe(200);
    return fundsView.parse(await response.json());
  };

  it('a new trader has 0.00 and a destination tag of their own on the deposit address; asking again gives the same tag', async () => {
    const first = await funds(buyer);
    expect(first).toMatchObject({ currency: 'USD', available: '0.00', reserved: '0.00' });
    expect(first.depositAddress).toMatch(/^r/);
    expect(await funds(buyer)).toEqual(first);
    const other = await funds(seller);
    expect(other.depositAddress).toBe(first.depositAddress);
    expect(other.destinationTag).not.toBe(first.destinationTag);
  });

  it('refuses a buy without the funds for its cost and fee with 409 and the available balance, and records nothing', async () => {
    const before = await service.countEvents('credit-market-');
    const response = await buyer.request('POST', '/api/orders', { type: 'buy', amount: 10, price: '10.00', projectType: 'Solar Energy', vintage: 2026 });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'Conflict', details: { currency: 'USD', available: '0.00', required: '100.50' } });
    expect(await service.countEvents('credit-market-')).toBe(before);
  });

  it('the faucet pays test USD on XRPL once per Idempotency-Key and credits it as a deposit', async () => {
    const key = randomUUID();
    const first = await buyer.request('POST', '/api/funds/faucet', { amount: '150.00' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(fundsView.parse(await first.json())).toMatchObject({ available: '150.00', reserved: '0.00' });
    const again = await buyer.request('POST', '/api/funds/faucet', { amount: '150.00' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '150.00' });
  });

  it('a buy reserves cost + 0.5% fee; a fill pays the seller and the fee; the cancel gives back the rest', async () => {
    // The seller holds credits of the market and offers 4 at 9.00.
    const markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
    const batchId = 'SOL-2026-F0ED0001';
    const commandId = randomUUID();
    await markets.execute(
      'Solar Energy',
      2026,
      issueRegistryBatch(batchId, seller.userId, 20),
      { commandId, correlationId: commandId, causationId: commandId, actor: { userId: seller.userId, role: 'issuer' }, now: new Date() },
      () => undefined,
    );
    const buy = placeOrderResponse.parse(
      await (await buyer.request('POST', '/api/orders', { type: 'buy', amount: 10, price: '10.00', projectType: 'Solar Energy', vintage: 2026 })).json(),
    );
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '49.50', reserved: '100.50' });

    const sell = await seller.request('POST', '/api/orders', { type: 'sell', amount: 4, price: '9.00', projectType: 'Solar Energy', vintage: 2026 });
    expect(sell.status).toBe(201);
    // The sell crossed the resting buy at the buy's price: 4 × 10.00 = 40.00 to the seller, 0.20 fee.
    await expect.poll(() => funds(seller)).toMatchObject({ available: '40.00', reserved: '0.00' });
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '49.50', reserved: '60.30' });

    const cancelled = await buyer.request('POST', `/api/orders/${buy.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '109.80', reserved: '0.00' });

    const statement = fundsStatementResponse.parse(await (await buyer.request('GET', '/api/funds/statement?limit=10')).json());
    // Newest first; the fill's release of 0.00 (it traded at the limit) is no movement and not listed.
    expect(statement.transfers.map((transfer) => [transfer.kind, transfer.amount, transfer.status])).toEqual([
      ['release', '60.30', 'voided'],
      ['fee', '-0.20', 'posted'],
      ['trade', '-40.00', 'posted'],
      ['reservation', '-100.50', 'pending'],
      ['deposit', '150.00', 'posted'],
    ]);
    expect(statement.total).toBe(5);
  });

  it('compliance reads any account with ?userId=; a trader may not read another trader’s', async () => {
    expect(await funds(compliance, `?userId=${buyer.userId}`)).toMatchObject({ available: '109.80' });
    const refused = await seller.request('GET', `/api/funds?userId=${buyer.userId}`);
    expect(refused.status).toBe(403);
  });

  it('withdraws to the buyer’s verified address: refused 409 when short, voided when the ledger refuses the payment, posted when it validates', async () => {
    const short = await buyer.request('POST', '/api/funds/withdraw', { amount: '500.00', xrplAddress: buyerWallet.address });
    expect(short.status).toBe(409);
    expect(await short.json()).toMatchObject({ details: { available: '109.80', required: '500.00' } });

    const stranger = Wallet.generate();
    expect((await buyer.request('POST', '/api/funds/withdraw', { amount: '1.00', xrplAddress: stranger.address })).status).toBe(403);

    // No USD trust line yet: the payment fails on the ledger and the hold is given back.
    const refused = withdrawFundsResponse.parse(
      await (await buyer.request('POST', '/api/funds/withdraw', { amount: '10.00', xrplAddress: buyerWallet.address })).json(),
    );
    expect(refused).toMatchObject({ status: 'voided', amount: '10.00' });
    expect(refused.result).toMatch(/^tec/);
    await expect.poll(() => funds(buyer)).toMatchObject({ available: '109.80', reserved: '0.00' });

    const gateway = service.app.get<XrplGateway>(XRPL_GATEWAY);
    const ledger = new Client(service.sandbox.url);
    await ledger.connect();
    try {
      await ledger.submitAndWait(
        {
          TransactionType: 'TrustSet',
          Account: buyerWallet.address,
          LimitAmount: { currency: 'USD', issuer: gateway.wallets.issuer.address, value: '1000000' },
        },
        { wallet: buyerWallet },
      );
      const key = randomUUID();
      const paid = withdrawFundsResponse.parse(
        await (await buyer.request('POST', '/api/funds/withdraw', { amount: '10.00', xrplAddress: buyerWallet.address }, { 'Idempotency-Key': key })).json(),
      );
      expect(paid).toMatchObject({ status: 'posted', result: 'tesSUCCESS' });
      // The same request again is answered as before and pays nothing more.
      await buyer.request('POST', '/api/funds/withdraw', { amount: '10.00', xrplAddress: buyerWallet.address }, { 'Idempotency-Key': key });
      const lines = await ledger.request({ command: 'account_lines', account: buyerWallet.address, peer: gateway.wallets.issuer.address });
      expect(lines.result.lines.find((line) => line.currency === 'USD')?.balance).toBe('10');
    } finally {
      await ledger.disconnect();
    }
    await expect.poll(async () => (await funds(buyer)).available).toBe('99.80');
  });

  it('the log’s cash ledger sums to zero and no user is negative', async () => {
    const ledger = new CashLedger();
    for (const event of await service.runtime.eventStore.readAll({ limit: 100_000 })) ledger.apply(event);
    expect(ledger.violations).toEqual([]);
    expect(ledger.totals()).toEqual({ posted: 0, pending: 0 });
    expect(ledger.negativeUsers()).toEqual([]);
    expect(ledger.balanceOf(buyer.userId)).toEqual({ available: 9_980, reserved: 0 });
    expect(await verifyCashLedger(service.runtime.eventStore)).toMatchObject({ ok: true, postedSum: 0, pendingSum: 0, negativeUsers: [] });
  });

  it('npm run verify’s cash check names a fill that pays from no reservation (a forged event)', async () => {
    const commandId = randomUUID();
    const tradeId = randomUUID();
    await service.runtime.eventStore.appendToStream(
      `credit-market-forged-${tradeId}`,
      toEventsToAppend(
        [
          {
            type: 'TradeExecuted',
            data: {
              tradeId,
              kind: 'order-match',
              projectType: 'Solar Energy',
              vintage: 2026,
              buyOrderId: randomUUID(),
              sellOrderId: randomUUID(),
              aggressor: 'buy',
              buyerAccountId: buyer.userId,
              sellerAccountId: seller.userId,
              quantity: 1,
              price: '5.00',
              ranges: [{ batchId: 'SOL-2026-F0ED0001', start: 1, end: 1 }],
              settlement: { status: 'pending' },
              cash: { notionalCents: 500, feeCents: 3, releasedCents: 0 },
              executedAt: new Date().toISOString(),
            },
          },
        ],
        { commandId, correlationId: commandId, causationId: commandId, actor: { userId: seller.userId, role: 'trader' }, now: new Date() },
      ),
      { expected: 'no_stream' },
    );
    const report = await verifyCashLedger(service.runtime.eventStore);
    expect(report.ok).toBe(false);
    expect(report.violations).toEqual([expect.stringContaining(`trade ${tradeId} of order`)]);
  });
});
