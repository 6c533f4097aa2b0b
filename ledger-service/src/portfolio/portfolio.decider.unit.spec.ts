import { describe, expect, it } from 'vitest';
import { decidePortfolio, evolvePortfolio, initialPortfolioState, type PortfolioCommand } from './portfolio.decider.js';

const now = new Date('2026-11-26T10:00:00.000Z');
const portfolioId = '11111111-1111-4111-8111-111111111111';
const create: PortfolioCommand = {
  type: 'CreatePortfolio',
  portfolioId,
  ownerId: 'user-1',
  request: { name: 'Growth', description: '', riskProfile: 'moderate' },
};
const implement: PortfolioCommand = {
  type: 'RecordSuggestionImplemented',
  suggestionId: 'suggestion-1',
  suggestionKey: 'a'.repeat(64),
  suggestionType: 'removal_shift',
  title: 'Shift toward carbon removals',
  orders: [{ orderId: '22222222-2222-4222-8222-222222222222', side: 'buy', amount: 310, price: '12.50', projectType: 'Forestry', vintage: 2026 }],
  implementedBy: 'user-1',
};

describe('portfolio decider', () => {
  it('given nothing, when created, then PortfolioCreated with the request and the time', () => {
    expect(decidePortfolio(create, initialPortfolioState, { now })).toEqual([
      {
        type: 'PortfolioCreated',
        data: { portfolioId, ownerId: 'user-1', name: 'Growth', description: '', riskProfile: 'moderate', createdAt: now.toISOString() },
      },
    ]);
  });

  it('given a portfolio, when created again, then Conflict', () => {
    const state = decidePortfolio(create, initialPortfolioState, { now }).reduce(evolvePortfolio, initialPortfolioState);
    expect(() => decidePortfolio(create, state, { now })).toThrow('This portfolio already exists');
  });

  it('given no portfolio, when a suggestion is recorded, then NotFound', () => {
    expect(() => decidePortfolio(implement, initialPortfolioState, { now })).toThrow('Portfolio not found');
  });

  it('given a portfolio, when a suggestion is implemented, then SuggestionImplemented names its orders; the same suggestion again records nothing', () => {
    const created = decidePortfolio(create, initialPortfolioState, { now }).reduce(evolvePortfolio, initialPortfolioState);
    const events = decidePortfolio(implement, created, { now });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'SuggestionImplemented', data: { portfolioId, suggestionKey: 'a'.repeat(64), orders: [{ amount: 310 }] } });
    const implemented = events.reduce(evolvePortfolio, created);
    expect(decidePortfolio(implement, implemented, { now })).toEqual([]);
  });
});
