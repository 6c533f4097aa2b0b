import { describe, expect, it } from 'vitest';
import { suggestionIdOf } from '@carbon-ledger/contracts';
import { type OptimizerMarket, optimizePortfolio, priorityFor, removalTarget, suggestionKeyOf } from './portfolio-optimizer.js';

function market(overrides: Partial<OptimizerMarket> & Pick<OptimizerMarket, 'projectType' | 'vintage'>): OptimizerMarket {
  return { lastPrice: null, referencePrice: 5, bestAsk: null, askDepth: 0, bestBid: null, bidDepth: 0, volatility: null, ...overrides };
}

const solar2026 = market({ projectType: 'Solar Energy', vintage: 2026, lastPrice: 4, bidDepth: 2000 });
const forestry2026 = market({ projectType: 'Forestry', vintage: 2026, lastPrice: 12.45, bestAsk: 12.5, askDepth: 500 });

describe('removal shift (Oxford Offsetting Principles)', () => {
  const suggestions = optimizePortfolio({
    riskProfile: 'conservative',
    year: 2026,
    holdings: [{ projectType: 'Solar Energy', vintage: 2026, quantity: 1240, tradable: 1240, price: 4, priceSource: 'last-trade' }],
    markets: [solar2026, forestry2026],
  });
  const shift = suggestions.find((suggestion) => suggestion.type === 'removal_shift');

  it('an all-reduction conservative portfolio gets a removal shift with the numbers it used', () => {
    expect(shift).toBeDefined();
    expect(shift!.reasoning).toContain('Removals are 0% of 1,240 t; a conservative profile in 2026 targets ≥ 20%.');
    // (0 + x) / (1,240 + x) >= 20% gives x = 0.2 x 1,240 / 0.8 = 310.
    expect(shift!.reasoning).toContain('x = 310 at $12.50 (best open ask)');
    expect(shift!.expectedImpact).toBe('Removals rise from 0% to 20% of 1,550 t for about $3,875.00.');
  });

  it('recommends the concrete buy order at the best ask of the most recent removal market', () => {
    expect(shift!.recommendedActions).toEqual([
      { action: 'Buy 310 Forestry 2026 credits at $12.50', side: 'buy', projectType: 'Forestry', vintage: 2026, amount: 310, price: '12.50' },
    ]);
  });

  it('is urgent (20 points under target), with risk 100 and full confidence on traded prices, and comes first', () => {
    expect(suggestions[0]).toBe(shift);
    expect(shift).toMatchObject({ priority: 'urgent', riskScore: 100, confidenceScore: 100 });
  });

  it('names each suggestion by its content, so the same suggestion keeps its id wherever it stands in the list', () => {
    for (const suggestion of suggestions) {
      expect(suggestion.id).toBe(suggestionIdOf(suggestionKeyOf(suggestion.type, suggestion.recommendedActions)));
    }
    expect(new Set(suggestions.map((suggestion) => suggestion.id)).size).toBe(suggestions.length);
  });

  it('also flags the 100% concentration in Solar Energy: sell 744 t at the last trade, buy 238 t of Forestry', () => {
    const concentrated = suggestions.find((suggestion) => suggestion.type === 'concentration');
    // Excess value (100% - 40%) x $4,960 = $2,976 = 744 t at $4.00; $2,976 / $12.50 = 238 t.
    expect(concentrated?.recommendedActions.map((entry) => entry.action)).toEqual([
      'Sell 744 Solar Energy 2026 credits at $4.00',
      'Buy 238 Forestry 2026 credits at $12.50',
    ]);
    expect(suggestions[1]).toBe(concentrated);
    expect(concentrated).toMatchObject({ priority: 'urgent', riskScore: 70 });
    expect(concentrated!.reasoning).toContain('The Herfindahl index of project types is 1.00');
  });

  it('asks nothing of a conservative portfolio that meets its removal target', () => {
    const met = optimizePortfolio({
      riskProfile: 'conservative',
      year: 2026,
      holdings: [
        { projectType: 'Solar Energy', vintage: 2026, quantity: 800, tradable: 800, price: 4, priceSource: 'last-trade' },
        { projectType: 'Forestry', vintage: 2026, quantity: 200, tradable: 200, price: 12.45, priceSource: 'last-trade' },
      ],
      markets: [solar2026, forestry2026],
    });
    expect(met.map((suggestion) => suggestion.type)).not.toContain('removal_shift');
  });

  it('the target rises 3 points a year from 2026', () => {
    expect(removalTarget('conservative', 2026)).toBe(20);
    expect(removalTarget('moderate', 2030)).toBe(27);
    expect(removalTarget('aggressive', 2100)).toBe(100);
  });
});

describe('vintage age', () => {
  it('sells the oldest vintages down to the profile limit and buys the same amount of a recent vintage', () => {
    const suggestions = optimizePortfolio({
      riskProfile: 'moderate',
      year: 2026,
      holdings: [
        { projectType: 'Wind Energy', vintage: 2018, quantity: 300, tradable: 300, price: 3, priceSource: 'last-trade' },
        { projectType: 'Wind Energy', vintage: 2025, quantity: 700, tradable: 700, price: 4, priceSource: 'last-trade' },
      ],
      markets: [
        market({ projectType: 'Wind Energy', vintage: 2018, lastPrice: 3, bestBid: 2.9, bidDepth: 1000 }),
        market({ projectType: 'Wind Energy', vintage: 2025, lastPrice: 4, bestAsk: 4.1, askDepth: 300, bidDepth: 1000 }),
      ],
    });
    const vintage = suggestions.find((suggestion) => suggestion.type === 'vintage_age');
    // (300 - s) / (1,000 - s) <= 20% gives s = (300 - 200) / 0.8 = 125.
    expect(vintage?.recommendedActions.map((entry) => entry.action)).toEqual([
      'Sell 125 Wind Energy 2018 credits at $2.90',
      'Buy 125 Wind Energy 2025 credits at $4.10',
    ]);
    expect(vintage!.reasoning).toContain('Vintages before 2021 (older than 5 years in 2026) are 30% of 1,000 t; a moderate profile keeps them ≤ 20%.');
    expect(vintage).toMatchObject({ priority: 'high', riskScore: 30 });
  });
});

describe('liquidity', () => {
  it('offers the part of a holding the open bids cannot absorb, at the last trade price', () => {
    const suggestions = optimizePortfolio({
      riskProfile: 'conservative',
      year: 2026,
      holdings: [
        { projectType: 'Forestry', vintage: 2026, quantity: 600, tradable: 600, price: 12, priceSource: 'last-trade' },
        { projectType: 'Reforestation', vintage: 2026, quantity: 400, tradable: 400, price: 16, priceSource: 'last-trade' },
      ],
      markets: [
        market({ projectType: 'Forestry', vintage: 2026, lastPrice: 12, bidDepth: 100 }),
        market({ projectType: 'Reforestation', vintage: 2026, lastPrice: 16, bidDepth: 400 }),
      ],
    });
    const liquid = suggestions.find((suggestion) => suggestion.type === 'liquidity');
    // 500 of 1,000 t exceed the bids: 50% against a 25% limit, so offer (50% - 25%) x 1,000 = 250 t.
    expect(liquid?.recommendedActions.map((entry) => entry.action)).toEqual(['Sell 250 Forestry 2026 credits at $12.00']);
    expect(liquid!.reasoning).toContain('Open bids cover 500 of 1,000 t you hold, so 50% could not be sold today');
    expect(liquid).toMatchObject({ priority: 'urgent', riskScore: 50 });
  });
});

describe('no holdings, no suggestions; priorities by points over the limit', () => {
  it('answers nothing for an empty portfolio', () => {
    expect(optimizePortfolio({ riskProfile: 'moderate', year: 2026, holdings: [], markets: [] })).toEqual([]);
  });

  it('maps points to priorities', () => {
    expect([25, 12, 6, 1].map(priorityFor)).toEqual(['urgent', 'high', 'medium', 'low']);
  });

  it('confidence falls when the valuation rests on reference prices', () => {
    const [first] = optimizePortfolio({
      riskProfile: 'conservative',
      year: 2026,
      holdings: [{ projectType: 'Geothermal', vintage: 2026, quantity: 100, tradable: 100, price: 4.52, priceSource: 'reference' }],
      markets: [],
    });
    // No traded prices and no market for the recommended order: 40 + 0 + 0.
    expect(first?.confidenceScore).toBe(40);
  });
});
