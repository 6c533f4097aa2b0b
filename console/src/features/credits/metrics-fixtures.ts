import type { ActivityItem, MetricsResponse } from '@carbon-ledger/contracts';

/** Test data only; nothing in the app imports this file. */
export function anActivity(index: number, overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    type: index % 2 === 0 ? 'trade' : 'issuance',
    description: `Activity number ${index}`,
    timestamp: `2026-11-22T10:0${index}:00.000Z`,
    amount: 10 * (index + 1),
    ...overrides,
  };
}

export function someMetrics(overrides: Partial<MetricsResponse> = {}): MetricsResponse {
  return {
    totalCredits: 12500,
    portfolioValue: 53125.5,
    retiredCredits: 250,
    co2Impact: 250,
    recentActivity: [],
    ...overrides,
  };
}
