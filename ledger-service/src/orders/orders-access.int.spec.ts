import { issueCreditsResponse, listOrdersResponse, listTradesResponse, placeOrderResponse, tradeCreditsResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, serviceOnLedgerForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { pendingAddress, verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const buy = { type: 'buy', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026 };
const sell = { ...buy, type: 'sell' };
const project = projectForm('PRJ-ACCESS', 'Access Solar', 'Solar Energy');

describe('trading needs KYC verified on every path that trades (spec 6)', () => {
  const service = serviceOnLedgerForSuite(WITHOUT_BACKGROUND_JOBS);
  let pendingTrader: SignedInClient;
  let pendingWallet: string;
  let verifiedTrader: SignedInClient;
  let platformIssuer: string;

  beforeAll(async () => {
    platformIssuer = service.gateway.wallets.issuer.address;
    [pendingTrader, verifiedTrader] = await Promise.all([service.signIn(['trader']), service.signIn(['trader'])]);
    pendingWallet = (await pendingAddress(service, pendingTrader)).address;
    await verifiedAddress(service, verifiedTrader);
    await fundWithTestUsd(verifiedTrader);
  });

  it('refuses a trader whose KYC is only pending with 403 KycRequired on orders, trade and XRPL trade, and records nothing', async () => {
    const before = await service.countEvents('credit-market-');
    for (const [path, body] of [
      ['/api/orders', buy],
      ['/api/orders', sell],
      ['/api/trade', { tokenId: 'SOLAR-2026-00000000', amount: 1, buyerAccountId: verifiedTrader.userId, price: 10 }],
    ] as const) {
      const response = await pendingTrader.request('POST', path, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(403);
      expect(await response.json()).toMatchObject({
        error: 'KycRequired',
        message: 'Please complete KYC verification before trading. Go to Compliance page.',
        details: { requiresKyc: true },
      });
    }
    const xrplTrade = await pendingTrader.request('POST', '/api/xrpl/trade/prepare', {
      sellerAddress: platformIssuer,
      amountCRC: 10,
      xrpAmount: 200,
      issuer: platformIssuer,
      creditId: 'SOLAR-2026-00000000',
      xrplAddress: pendingWallet,
    });
    expect(xrplTrade.status).toBe(403);
    expect(await xrplTrade.json()).toMatchObject({ error: 'KycRequired', details: { requiresKyc: true, kycStatus: 'pending' } });
    expect(await service.countEvents('credit-market-')).toBe(before);
    const listed = listOrdersResponse.parse(await (await pendingTrader.request('GET', '/api/orders')).json());
    expect(listed.totalOrders).toBe(0);
  });

  it('places the same order for a trader with KYC verified', async () => {
    const response = await verifiedTrader.request('POST', '/api/orders', buy);
    expect(response.status).toBe(201);
  });
});

describe('each user sees their own orders and account ids; oversight roles may see all', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let alice: SignedInClient;
  let bob: SignedInClient;
  let issuer: SignedInClient;
  let compliance: SignedInClient;
  let auditor: SignedInClient;
  let admin: SignedInClient;
  let aliceOrder: string;
  let bobOrders: string[];

  const list = async (user: SignedInClient, query = '') => {
    const response = await user.request('GET', `/api/orders${query}`);
    expect(response.status).toBe(200);
    return listOrdersResponse.parse(await response.json());
  };

  beforeAll(async () => {
    [alice, bob, issuer, compliance, auditor, admin] = await Promise.all([
      service.signIn(['trader']),
      service.signIn(['trader']),
      service.signIn(['issuer']),
      service.signIn(['compliance']),
      service.signIn(['auditor']),
      service.signIn(['admin']),
    ]);
    // One at a time: each funds its wallet from the genesis account.
    await verifiedAddress(service, alice);
    await verifiedAddress(service, bob);
    const issuerWallet = await verifiedAddress(service, issuer);
    // Buy orders are paid for (docs/funds.md).
    await Promise.all([fundWithTestUsd(alice), fundWithTestUsd(bob)]);
    aliceOrder = placeOrderResponse.parse(await (await alice.request('POST', '/api/orders', { ...buy, price: '10.00' })).json()).id;
    bobOrders = [];
    for (const price of ['20.00', '30.00']) {
      bobOrders.push(placeOrderResponse.parse(await (await bob.request('POST', '/api/orders', { ...buy, projectType: 'Forestry', price })).json()).id);
    }
    // A direct trade issuer -> alice, so /api/trades has parties to show or hide.
    const issued = issueCreditsResponse.parse(await (await issueThroughRegistry(service, issuer, { ...project, xrplAddress: issuerWallet.address })).json());
    // A direct trade is an offer the buyer accepts and pays for (docs/funds.md, "Direct trades").
    const offered = await issuer.request('POST', '/api/trade', { tokenId: issued.tokenId, amount: 7, buyerAccountId: alice.userId, price: 11 });
    expect(offered.status).toBe(201);
    const { transactionId: offerId } = tradeCreditsResponse.parse(await offered.json());
    expect((await alice.request('POST', `/api/trade/offers/${offerId}/accept`)).status).toBe(201);
  });

  it('a trader lists and counts only their own orders, and cannot switch to all', async () => {
    const mine = await list(bob);
    expect(mine.scope).toBe('mine');
    expect(mine.orders.map((order) => order.id).sort()).toEqual([...bobOrders].sort());
    expect(mine.orders.every((order) => order.ownerId === bob.userId)).toBe(true);
    expect(mine).toMatchObject({ totalOrders: 2, pendingOrders: 2, averagePrice: '25.00' });
    expect((await list(alice)).orders.map((order) => order.id)).toEqual([aliceOrder]);

    const all = await bob.request('GET', '/api/orders?scope=all');
    expect(all.status).toBe(403);
    expect(await all.json()).toMatchObject({ error: 'Forbidden', message: "Listing all users' orders needs one of the roles: compliance, auditor, admin" });
    const unknown = await bob.request('GET', '/api/orders?scope=everyone');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  it('compliance, auditors and admins may list and count everyone’s orders, owners shown', async () => {
    for (const overseer of [compliance, auditor, admin]) {
      expect((await list(overseer)).totalOrders).toBe(0);
      const all = await list(overseer, '?scope=all');
      expect(all.scope).toBe('all');
      expect(all).toMatchObject({ totalOrders: 3, pendingOrders: 3, averagePrice: '20.00' });
      expect(new Set(all.orders.map((order) => order.ownerId))).toEqual(new Set([alice.userId, bob.userId]));
    }
  });

  it("hides other users' account ids in /api/trades from traders; the parties and oversight roles see them", async () => {
    const tradeOf = async (user: SignedInClient) => {
      const { trades } = listTradesResponse.parse(await (await user.request('GET', '/api/trades')).json());
      expect(trades).toHaveLength(1);
      return trades[0]!;
    };
    expect(await tradeOf(bob)).toMatchObject({ quantity: 7, buyerAccountId: null, sellerAccountId: null });
    expect(await tradeOf(alice)).toMatchObject({ buyerAccountId: alice.userId, sellerAccountId: null });
    expect(await tradeOf(issuer)).toMatchObject({ buyerAccountId: null, sellerAccountId: issuer.userId });
    for (const overseer of [compliance, auditor, admin]) {
      expect(await tradeOf(overseer)).toMatchObject({ buyerAccountId: alice.userId, sellerAccountId: issuer.userId });
    }
  });
});
