import type { AmlAlertView } from '@carbon-ledger/contracts';

let counter = 0;

export function anAmlAlert(overrides: Partial<AmlAlertView> = {}): AmlAlertView {
  counter += 1;
  return {
    alertId: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    priority: 'high',
    transactionType: 'order',
    transactionId: `order-${counter}`,
    riskScore: 75,
    amount: 12500,
    userId: 'user-1',
    riskFlags: ['large_amount'],
    reasons: ['Amount above the large-transaction threshold'],
    requiresReview: true,
    timestamp: `2026-11-22T10:${String(counter % 60).padStart(2, '0')}:00.000Z`,
    ...overrides,
  };
}
