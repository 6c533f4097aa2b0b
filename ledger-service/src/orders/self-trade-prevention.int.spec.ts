import { issueCreditsResponse, listOrdersResponse, orderBookDepthResponse, placeOrderResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

describe('self-trade prevention over HTTP (cancel-newest)', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let seller: SignedInClient;
  let vintage: number;

  beforeAll(async () => {
    seller = await service.signIn(['issuer', 'trader']);
    const { address } = await verifiedAddress(service, seller);
    // Buy orders are paid for (docs/funds.md).
    await fundWithTestUsd(seller);
    const issued = await issueThroughRegistry(service, seller, {
      ...projectForm('PRJ-STP', 'Self-trade Solar', 'Solar Energy', { description: 'Self-trade prevention', scope1: 50 }),
      xrplAddress: address,
    });
    const body: unknown = await issued.json();
    if (!issued.ok) throw new Error(JSON.stringify(body));
    vintage = issueCreditsResponse.parse(body).vintage;
  });

  it('found case: SELL 4 @ 99.50 then BUY 2 @ 99.50 by one user answers "2 not filled: your own sell order at 99.50" and the book shown to everyone stays uncrossed', async () => {
    const sell = await seller.request('POST', '/api/orders', { type: 'sell', amount: 4, price: '99.50', projectType: 'Solar Energy', vintage });
    expect(sell.status).toBe(201);
    const buy = await seller.request('POST', '/api/orders', { type: 'buy', amount: 2, price: '99.50', projectType: 'Solar Energy', vintage });
    expect(buy.status).toBe(201);
    const answer = placeOrderResponse.parse(await buy.json());
    expect(answer).toMatchObject({ status: 'cancelled', filled: 0, amount: 2, notFilled: '2 not filled: your own sell order at 99.50' });

    const mine = listOrdersResponse.parse(await (await seller.request('GET', '/api/orders')).json());
    expect(mine.orders.find((order) => order.id === answer.id)).toMatchObject({ status: 'cancelled', filled: 0 });

    const viewer = await service.signIn(['trader']);
    const depth = orderBookDepthResponse.parse(await (await viewer.request('GET', `/api/marketplace/depth?creditType=solar&vintage=${vintage}`)).json());
    expect(depth.bids).toEqual([]);
    expect(depth.asks).toEqual([{ price: '99.50', quantity: 4, cumulative: 4 }]);
  });

  it('a buy that does not reach the own order carries no note', async () => {
    const buy = await seller.request('POST', '/api/orders', { type: 'buy', amount: 1, price: '90.00', projectType: 'Solar Energy', vintage });
    const answer = placeOrderResponse.parse(await buy.json());
    expect(answer).toMatchObject({ status: 'pending', filled: 0 });
    expect(answer.notFilled).toBeUndefined();
  });
});
