import { describe, expect, it } from 'vitest';
import { describeMarkets, type MarketFacts } from './market-insights.js';

const forestry: MarketFacts = {
  projectType: 'Forestry',
  vintage: 2026,
  volume: 300,
  notional: 3750,
  lastClose: 12.6,
  previousClose: 12,
  bestBid: 12.4,
  bestAsk: 12.9,
  bidDepth: 150,
  askDepth: 80,
};
const solar: MarketFacts = {
  projectType: 'Solar Energy',
  vintage: 2026,
  volume: 1000,
  notional: 4000,
  lastClose: 3.9,
  previousClose: null,
  bestBid: null,
  bestAsk: null,
  bidDepth: 0,
  askDepth: 0,
};

describe('market insights as sentences from the numbers', () => {
  const sentences = describeMarkets([forestry, solar]);

  it('sums the window volume and value', () => {
    expect(sentences[0]).toBe('Over the last 7 days 1,300 t traded across 2 markets for $7,750.00, an average of $5.96 a credit.');
  });

  it('describes each market, the most traded first, with its price move, spread and depth', () => {
    expect(sentences[1]).toBe('Solar Energy 2026 traded 1,000 t and last closed at $3.90, its first trading day in the window; no orders are open.');
    expect(sentences[2]).toBe(
      'Forestry 2026 traded 300 t and last closed at $12.60, +5.0% against the previous close of $12.00; the spread is $0.50 between a best bid of $12.40 and a best ask of $12.90, with 150 t bid and 80 t offered.',
    );
  });

  it('computes the removal premium from volume-weighted prices: 12.50 / 4.00 - 1 = 212.5%', () => {
    expect(sentences[3]).toBe('Removals averaged $12.50 a credit against $4.00 for reductions: a removal premium of 212.5%.');
  });

  it('says so when nothing traded', () => {
    expect(describeMarkets([])).toEqual(['No trades are recorded in the last 7 days; insights appear once the markets trade.']);
  });
});
