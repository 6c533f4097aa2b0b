import { createServer, type Server } from 'node:http';
import { carbonPricesResponse } from '@carbon-ledger/contracts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ServiceUnderTest, startServiceUnderTest } from '../test-support/service-under-test.js';

const liveMarkets = [
  { market: 'EU ETS', flag: '🇪🇺', currency: 'EUR', price: 80.12, change24h: 1.1, changePct: '+1.4%', timestamp: '2026-11-22T09:00:00.000Z' },
];

function feedServer(handler: (respond: (status: number, body: unknown) => void) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) =>
    handler((status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }),
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/prices`, server });
    }),
  );
}

describe('GET /api/carbon-prices', () => {
  const running: { service: ServiceUnderTest; server?: Server }[] = [];
  afterEach(async () => {
    for (const { service, server } of running.splice(0)) {
      await service.close();
      server?.close();
    }
  });
  afterAll(() => undefined);

  it('serves the eight reference prices, marked as reference data, to anyone', async () => {
    const service = await startServiceUnderTest();
    running.push({ service });
    const response = await service.anonymous('GET', '/api/carbon-prices');
    expect(response.status).toBe(200);
    const body = carbonPricesResponse.parse(await response.json());
    expect(body.source).toBe('reference');
    expect(body.markets.map((market) => `${market.market} ${market.price} ${market.currency}`)).toEqual([
      'EU ETS 75.94 EUR',
      'UK ETS 36.61 GBP',
      'California 36.52 USD',
      'Quebec 36.52 CAD',
      'RGGI 24.13 USD',
      'China ETS 98 CNY',
      'K-ETS 27500 KRW',
      'NZ ETS 71.25 NZD',
    ]);
  });

  it('serves a configured feed as live prices', async () => {
    const feed = await feedServer((respond) => respond(200, { markets: liveMarkets }));
    const service = await startServiceUnderTest({ CARBON_PRICE_FEED_URL: feed.url });
    running.push({ service, server: feed.server });
    const body = carbonPricesResponse.parse(await (await service.anonymous('GET', '/api/carbon-prices')).json());
    expect(body).toMatchObject({ source: 'live', markets: liveMarkets });
  });

  it('falls back to the reference prices, with a notice, when the feed fails', async () => {
    const feed = await feedServer((respond) => respond(502, { error: 'upstream down' }));
    const service = await startServiceUnderTest({ CARBON_PRICE_FEED_URL: feed.url });
    running.push({ service, server: feed.server });
    const body = carbonPricesResponse.parse(await (await service.anonymous('GET', '/api/carbon-prices')).json());
    expect(body.source).toBe('reference');
    expect(body.markets).toHaveLength(8);
    expect(body.notice).toContain('unavailable');
  });
});
