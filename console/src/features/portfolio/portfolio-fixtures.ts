import type { MarketInsightsResponse, PortfolioAnalyticsResponse, PortfolioHoldingsResponse, PortfolioView, SuggestionView } from '@carbon-ledger/contracts';

export function aPortfolio(overrides: Partial<PortfolioView> = {}): PortfolioView {
  return {
    id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    name: 'Climate Core',
    description: 'Long-term offsets',
    riskProfile: 'conservative',
    totalValue: '4960.00',
    createdAt: '2026-11-20T10:00:00.000Z',
    userId: 'user-1',
    ...overrides,
  };
}

export function someHoldings(overrides: Partial<PortfolioHoldingsResponse> = {}): PortfolioHoldingsResponse {
  return {
    holdings: [
      {
        id: 'Solar Energy|2026',
        projectType: 'Solar Energy',
        vintage: 2026,
        mitigation: 'reduction',
        quantity: 1240,
        serialBlocks: 2,
        price: '4.00',
        priceSource: 'last-trade',
        currentValue: '4960.00',
        allocation: 100,
      },
    ],
    totalValue: '4960.00',
    totalQuantity: 1240,
    ...overrides,
  };
}

export function aSuggestion(overrides: Partial<SuggestionView> = {}): SuggestionView {
  return {
    id: 'suggestion-3f9a0c2b7d41',
    title: 'Shift toward carbon removals',
    priority: 'urgent',
    type: 'removal_shift',
    confidenceScore: 100,
    description: 'Your portfolio is mostly emission reductions.',
    reasoning: 'Removals are 0% of 1,240 t; a conservative profile in 2026 targets ≥ 20%.',
    expectedImpact: 'Removals rise from 0% to 20% of 1,550 t for about $3875.00.',
    recommendedActions: [
      { action: 'Buy 310 Forestry 2026 credits at $12.50', side: 'buy', projectType: 'Forestry', vintage: 2026, amount: 310, price: '12.50' },
    ],
    riskScore: 100,
    ...overrides,
  };
}

export function someAnalytics(overrides: Partial<PortfolioAnalyticsResponse> = {}): PortfolioAnalyticsResponse {
  return {
    totalReturn: 8.9,
    volatility: 220.61,
    sharpeRatio: 5.52,
    maxDrawdown: 10,
    daysAnalyzed: 4,
    series: [
      { date: '2026-11-01', value: 1000, index: 100 },
      { date: '2026-11-02', value: 1100, index: 110 },
      { date: '2026-11-03', value: 990, index: 99 },
      { date: '2026-11-04', value: 1089, index: 108.9 },
    ],
    allocation: [{ name: 'Solar Energy', value: 1089 }],
    ...overrides,
  };
}

export function someInsights(): MarketInsightsResponse {
  return {
    insights:
      'Over the last 7 days 1,300 t traded across 2 markets for $7,750.00, an average of $5.96 a credit.\nRemovals averaged $12.50 a credit against $4.00 for reductions: a removal premium of 212.5%.',
    timestamp: '2026-11-26T10:00:00.000Z',
  };
}
