import {
  createPortfolioResponse,
  implementSuggestionResponse,
  issueCreditsResponse,
  listOrdersResponse,
  listTradesResponse,
  marketOfTokenId,
  listPortfoliosResponse,
  listSuggestionsResponse,
  marketInsightsResponse,
  portfolioAnalyticsResponse,
  portfolioHoldingsResponse,
  portfolioView,
} from '@carbon-ledger/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { pendingAddress, verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const project = projectForm('PRJ-PORTFOLIO', 'Portfolio Solar', 'Solar Energy', { scope1: 5500 });
const year = new Date().getUTCFullYear();

describe('portfolios over HTTP (issue 19)', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let owner: SignedInClient;
  let stranger: SignedInClient;
  let unverified: SignedInClient;
  let admin: SignedInClient;
  let portfolioId: string;

  const json = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json() as Promise<unknown>;
  };

  beforeAll(async () => {
    [owner, stranger, unverified, admin] = await Promise.all([
      service.signIn(['issuer', 'trader']),
      service.signIn(['trader']),
      service.signIn(['trader']),
      service.signIn(['admin']),
    ]);
    const wallet = await verifiedAddress(service, owner);
    await verifiedAddress(service, stranger);
    // Implementing a suggestion places buy orders, which are paid for (docs/funds.md).
    await Promise.all([fundWithTestUsd(owner), fundWithTestUsd(stranger)]);
    await pendingAddress(service, unverified);
    const issued = issueCreditsResponse.parse(await json(await issueThroughRegistry(service, owner, { ...project, xrplAddress: wallet.address })));
    // 1,100 issued; 100 moved to a trader whose KYC is pending at $4: the market's last trade. Over HTTP a direct trade
    // is now an offer the buyer accepts (which needs verified KYC), so the registry transfer is recorded in the market directly.
    const market = marketOfTokenId(issued.tokenId)!;
    const commandId = randomUUID();
    await service.app.get<CreditMarketStore>(CREDIT_MARKETS).execute(
      market.projectType,
      market.vintage,
      {
        type: 'TransferCredits',
        tradeId: randomUUID(),
        batchId: issued.tokenId,
        sellerAccountId: owner.userId,
        buyerAccountId: unverified.userId,
        quantity: 100,
        price: '4.00',
      },
      { commandId, correlationId: commandId, causationId: commandId, actor: { userId: owner.userId, role: 'issuer' }, now: new Date() },
      () => undefined,
    );
    // Read your writes as the HTTP path did: until the trade is in the read models.
    for (let tries = 0; listTradesResponse.parse(await json(await owner.request('GET', '/api/trades'))).trades.length === 0; tries += 1) {
      if (tries > 100) throw new Error('the transfer never reached /api/trades');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('creates a portfolio (riskProfile defaults to moderate) and lists it for its owner', async () => {
    const created = await owner.request('POST', '/api/portfolios', { name: '  Climate Core ', riskProfile: 'conservative', userId: owner.userId });
    expect(created.status).toBe(201);
    const portfolio = createPortfolioResponse.parse(await created.json());
    expect(portfolio).toMatchObject({ name: 'Climate Core', description: '', riskProfile: 'conservative', userId: owner.userId, totalValue: '4000.00' });
    portfolioId = portfolio.id;

    const defaulted = createPortfolioResponse.parse(await json(await owner.request('POST', '/api/portfolios', { name: 'Second' })));
    expect(defaulted.riskProfile).toBe('moderate');

    const list = listPortfoliosResponse.parse(await json(await owner.request('GET', `/api/portfolios/${owner.userId}`)));
    expect(list.map((entry) => entry.name)).toEqual(['Climate Core', 'Second']);
    const one = portfolioView.parse(await json(await owner.request('GET', `/api/portfolio/${portfolioId}`)));
    expect(one.id).toBe(portfolioId);
  });

  it('holds the owner’s registry credits by market, valued at the last trade', async () => {
    const holdings = portfolioHoldingsResponse.parse(await json(await owner.request('GET', `/api/portfolios/${portfolioId}/holdings`)));
    expect(holdings).toMatchObject({ totalValue: '4000.00', totalQuantity: 1000 });
    expect(holdings.holdings).toEqual([
      {
        id: `Solar Energy|${year}`,
        projectType: 'Solar Energy',
        vintage: year,
        mitigation: 'reduction',
        quantity: 1000,
        serialBlocks: 1,
        price: '4.00',
        priceSource: 'last-trade',
        currentValue: '4000.00',
        allocation: 100,
        // Solar's methodology is not CCP-approved and the batch is not authorized.
        labels: [],
      },
    ]);
  });

  it('suggests a removal shift with the numbers it used and a concrete order', async () => {
    const { suggestions } = listSuggestionsResponse.parse(await json(await owner.request('GET', `/api/portfolios/${portfolioId}/suggestions`)));
    const first = suggestions[0]!;
    expect(first).toMatchObject({ id: expect.stringMatching(/^suggestion-[0-9a-f]{12}$/), type: 'removal_shift', priority: 'urgent' });
    expect(first.reasoning).toContain(`Removals are 0% of 1,000 t; a conservative profile in ${year} targets ≥ ${20 + Math.max(0, year - 2026) * 3}%.`);
    expect(first.recommendedActions[0]).toMatchObject({ side: 'buy', projectType: 'Forestry', vintage: year });
    expect(suggestions.map((suggestion) => suggestion.type)).toContain('concentration');
  });

  it('implements a suggestion once: its orders reach the Trading Desk, and implementing again places nothing', async () => {
    const { suggestions } = listSuggestionsResponse.parse(await json(await owner.request('GET', `/api/portfolios/${portfolioId}/suggestions`)));
    const shown = suggestions[0]!.id;
    const response = await owner.request('POST', `/api/portfolios/${portfolioId}/suggestions/${shown}/implement`);
    expect(response.status).toBe(200);
    const implemented = implementSuggestionResponse.parse(await response.json());
    expect(implemented).toMatchObject({ portfolioId, suggestionId: shown, alreadyImplemented: false });
    expect(implemented.orders).toHaveLength(1);
    const orders = listOrdersResponse.parse(await json(await owner.request('GET', '/api/orders')));
    expect(orders.orders.map((order) => order.id)).toContain(implemented.orders[0]!.orderId);

    const marketEvents = await service.countEvents('credit-market-');
    const portfolioEvents = await service.countEvents('portfolio-');
    const again = implementSuggestionResponse.parse(await json(await owner.request('POST', `/api/portfolios/${portfolioId}/suggestions/${shown}/implement`)));
    expect(again.alreadyImplemented).toBe(true);
    expect(again.orders).toEqual(implemented.orders);
    expect(await service.countEvents('credit-market-')).toBe(marketEvents);
    expect(await service.countEvents('portfolio-')).toBe(portfolioEvents);
  });

  it('answers analytics from the daily valuation, today valued like the holdings', async () => {
    const analytics = portfolioAnalyticsResponse.parse(await json(await owner.request('GET', `/api/portfolios/${portfolioId}/analytics?days=30`)));
    expect(analytics.daysAnalyzed).toBeGreaterThanOrEqual(1);
    expect(analytics.series.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), value: 4000 });
    expect(analytics.allocation).toEqual([{ name: 'Solar Energy', value: 4000 }]);
  });

  it('writes market insights as sentences with a timestamp', async () => {
    const insights = marketInsightsResponse.parse(await json(await stranger.request('GET', '/api/market-insights')));
    expect(insights.insights).toContain(`Solar Energy ${year} traded 100 t and last closed at $4.00`);
    expect(Date.parse(insights.timestamp)).not.toBeNaN();
  });

  it("answers 404 for another user's portfolio on every call, and admins may read it", async () => {
    for (const [method, path] of [
      ['GET', `/api/portfolio/${portfolioId}`],
      ['GET', `/api/portfolios/${portfolioId}/holdings`],
      ['GET', `/api/portfolios/${portfolioId}/suggestions`],
      ['GET', `/api/portfolios/${portfolioId}/analytics?days=30`],
      ['POST', `/api/portfolios/${portfolioId}/suggestions/suggestion-000000000001/implement`],
      ['GET', `/api/portfolios/${owner.userId}`],
    ] as const) {
      const response = await stranger.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'NotFound', message: expect.any(String) });
    }
    expect((await admin.request('GET', `/api/portfolio/${portfolioId}`)).status).toBe(200);
    expect(listPortfoliosResponse.parse(await json(await admin.request('GET', `/api/portfolios/${owner.userId}`)))).toHaveLength(2);
  });

  it.each([
    ['a missing name', {}, 'name', 'Portfolio name is required'],
    ['a blank name', { name: '   ' }, 'name', 'Portfolio name is required'],
    ['a name with a control character', { name: 'A\u0000B' }, 'name', 'Portfolio name must not contain control characters or line breaks'],
    ['an unknown risk profile', { name: 'X', riskProfile: 'reckless' }, 'riskProfile', 'Risk profile must be one of: conservative, moderate, aggressive'],
    ['a description too long', { name: 'X', description: 'x'.repeat(1001) }, 'description', 'Description must be at most 1000 characters'],
  ])('refuses %s with 400 naming the field and appends nothing', async (_, body, field, message) => {
    const before = await service.countEvents('portfolio-');
    const response = await owner.request('POST', '/api/portfolios', body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: string; message: string; details: { path: string }[] };
    expect(error).toMatchObject({ error: 'ValidationFailed', message });
    expect(error.details.map((detail) => detail.path)).toContain(field);
    expect(await service.countEvents('portfolio-')).toBe(before);
  });

  it('refuses a portfolio for someone else, unknown suggestions and bad parameters', async () => {
    const before = await service.countEvents('portfolio-');
    const forOther = await stranger.request('POST', '/api/portfolios', { name: 'Not mine', userId: owner.userId });
    expect(forOther.status).toBe(403);
    expect(await forOther.json()).toMatchObject({ error: 'Forbidden' });

    const unknown = await owner.request('POST', `/api/portfolios/${portfolioId}/suggestions/suggestion-0123456789ab/implement`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: 'NotFound',
      message: 'Suggestion not found: the suggestions have changed since they were shown; refresh them',
    });
    const malformed = await owner.request('POST', `/api/portfolios/${portfolioId}/suggestions/first/implement`);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'ValidationFailed', details: [{ path: 'suggestionId' }] });
    const missing = await owner.request('GET', '/api/portfolio/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    const badDays = await owner.request('GET', `/api/portfolios/${portfolioId}/analytics?days=0`);
    expect(badDays.status).toBe(400);
    expect(await badDays.json()).toMatchObject({ error: 'ValidationFailed', details: [{ path: 'days' }] });
    expect(await service.countEvents('portfolio-')).toBe(before);
  });

  it('implementing needs KYC verified, like POST /api/orders: 403 and nothing appended', async () => {
    const mine = createPortfolioResponse.parse(
      await json(await unverified.request('POST', '/api/portfolios', { name: 'Pending KYC', riskProfile: 'conservative' })),
    );
    const { suggestions } = listSuggestionsResponse.parse(await json(await unverified.request('GET', `/api/portfolios/${mine.id}/suggestions`)));
    expect(suggestions.length).toBeGreaterThan(0);
    const before = await service.countEvents();
    const refused = await unverified.request('POST', `/api/portfolios/${mine.id}/suggestions/${suggestions[0]!.id}/implement`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'KycRequired', message: 'Please complete KYC verification before trading. Go to Compliance page.' });
    expect(await service.countEvents()).toBe(before);
  });

  it('implementing one suggestion eight times at once places its orders once, and every answer names the same orders', async () => {
    const { suggestions } = listSuggestionsResponse.parse(await json(await owner.request('GET', `/api/portfolios/${portfolioId}/suggestions`)));
    const open = suggestions.find((suggestion) => suggestion.type === 'concentration');
    expect(open).toBeDefined();
    const before = listOrdersResponse.parse(await json(await owner.request('GET', '/api/orders'))).orders.length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => owner.request('POST', `/api/portfolios/${portfolioId}/suggestions/${open!.id}/implement`)),
    );
    const implemented = await Promise.all(answers.map(async (answer) => implementSuggestionResponse.parse(await json(answer))));
    const orderIds = implemented[0]!.orders.map((order) => order.orderId);
    expect(orderIds.length).toBe(open!.recommendedActions.length);
    for (const answer of implemented) expect(answer.orders.map((order) => order.orderId)).toEqual(orderIds);
    const after = listOrdersResponse.parse(await json(await owner.request('GET', '/api/orders'))).orders;
    expect(after).toHaveLength(before + orderIds.length);
  });
});
