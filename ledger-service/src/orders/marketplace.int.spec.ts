import { randomUUID } from 'node:crypto';
import {
  creditMarketStreamId,
  type CreditEvent,
  marketplaceResponse,
  orderBookDepthResponse,
  type OrderEvent,
  type Position,
  type ProjectionName,
  type XrplActionEvent,
  xrplActionStreamId,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ammSwap,
  appendAndProject,
  creditsIssued,
  getJson,
  REFORESTATION_BATCH,
  reforestationOrder as order,
  reforestationTrade as trade,
} from '../test-support/read-side.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';

const TOKEN = REFORESTATION_BATCH;
const MARKET = creditMarketStreamId('Reforestation', 2023);
const VIEWS: readonly ProjectionName[] = ['credit-registry', 'credit-trades', 'order-book'];

describe('Marketplace read side over HTTP', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let seller: SignedInClient;
  let buyer: SignedInClient;

  const append = (streamId: string, events: readonly (CreditEvent | OrderEvent | XrplActionEvent)[]): Promise<Position> =>
    appendAndProject(service, VIEWS, streamId, events);

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader'])]);
    const sell1 = randomUUID();
    const buy1 = randomUUID();
    await append(MARKET, [
      creditsIssued(TOKEN, 2000, seller.userId, 'Reforestation', 2023),
      order(sell1, seller.userId, 'sell', 100, '10.00', [1, 100]),
      order(randomUUID(), seller.userId, 'sell', 50, '10.00', [101, 150]),
      order(randomUUID(), seller.userId, 'sell', 20, '12.00', [151, 170]),
    ]);
    await append(MARKET, [
      order(buy1, buyer.userId, 'buy', 30, '10.00'),
      trade('order-match', buyer.userId, seller.userId, 30, '10.00', 1, 40, { buy: buy1, sell: sell1 }),
      order(randomUUID(), buyer.userId, 'buy', 40, '9.50'),
      trade('direct', buyer.userId, seller.userId, 10, '11.00', 171, 30, null),
    ]);
    // A swap through the XRPL AMM naming the same batch is no trade of the Marketplace's book.
    const swap = 'E'.repeat(64);
    await append(xrplActionStreamId(swap), [ammSwap(swap, buyer.userId, TOKEN)]);
  });

  it('refuses signed-out callers', async () => {
    for (const path of ['/api/marketplace', '/api/marketplace/depth']) {
      expect((await service.anonymous('GET', path)).status, path).toBe(401);
    }
  });

  it('shows the marketplace of one market: price levels from open orders, 24 h VWAP and volume, recent trades', async () => {
    const answer = marketplaceResponse.parse(await getJson(buyer, '/api/marketplace?creditType=reforestation&vintage=2023'));
    expect(answer).toEqual({
      averagePrice: '10.25',
      volume24h: 40,
      activeListings: 4,
      asks: [
        { type: 'ask', price: '10.00', amount: 120, creditType: 'reforestation' },
        { type: 'ask', price: '12.00', amount: 20, creditType: 'reforestation' },
      ],
      bids: [{ type: 'bid', price: '9.50', amount: 40, creditType: 'reforestation' }],
      recentTrades: [
        expect.objectContaining({ price: '11.00', amount: 10, type: 'BUY' }),
        expect.objectContaining({ price: '10.00', amount: 30, type: 'BUY' }),
      ],
    });
    const solar = marketplaceResponse.parse(await getJson(buyer, '/api/marketplace?creditType=solar&vintage=2023'));
    expect(solar).toEqual({ averagePrice: null, volume24h: 0, activeListings: 0, asks: [], bids: [], recentTrades: [] });
    const refused = await buyer.request('GET', '/api/marketplace?creditType=lunar');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  it('gives the depth of one market: open quantity by side and price, cumulated away from the spread in PostgreSQL', async () => {
    const depth = orderBookDepthResponse.parse(await getJson(buyer, '/api/marketplace/depth?creditType=reforestation&vintage=2023'));
    expect(depth).toEqual({
      bids: [{ price: '9.50', quantity: 40, cumulative: 40 }],
      asks: [
        { price: '10.00', quantity: 120, cumulative: 120 },
        { price: '12.00', quantity: 20, cumulative: 140 },
      ],
    });
    expect(orderBookDepthResponse.parse(await getJson(buyer, '/api/marketplace/depth?creditType=solar&vintage=2023'))).toEqual({ bids: [], asks: [] });
    const refused = await buyer.request('GET', '/api/marketplace/depth?creditType=lunar');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'ValidationFailed' });
  });
});
