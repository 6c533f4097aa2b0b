import type { ScreenedTransaction } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { type AmlRuleSettings, screenTransaction } from './aml-rules.js';

const settings: AmlRuleSettings = {
  amountThresholdUsd: 10_000,
  criticalAmountUsd: 50_000,
  velocityMax: 10,
  structuringCount: 3,
  highRiskJurisdictions: new Set(['IR', 'KP', 'MM']),
};
const quiet = { lastHour: 0, nearThresholdLastDay: 0 };
const order = (amount: number, extra: Partial<ScreenedTransaction> = {}): ScreenedTransaction => ({
  transactionType: 'order',
  transactionId: 'o-1',
  userId: 'user-1',
  amount,
  occurredAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});

describe('AML rules', () => {
  it('lets an ordinary transaction pass', () => {
    expect(screenTransaction(order(9_000), quiet, settings)).toBeUndefined();
  });

  it('flags an amount at the threshold as high, and at the critical amount as critical', () => {
    expect(screenTransaction(order(10_000), quiet, settings)).toMatchObject({
      priority: 'high',
      riskScore: 60,
      riskFlags: ['large_amount'],
      requiresReview: true,
    });
    expect(screenTransaction(order(50_000), quiet, settings)).toMatchObject({ priority: 'critical', riskScore: 90, riskFlags: ['critical_amount'] });
  });

  it('flags the transaction that takes a user over the hourly count', () => {
    expect(screenTransaction(order(10), { ...quiet, lastHour: 9 }, settings)).toBeUndefined();
    const hit = screenTransaction(order(10), { ...quiet, lastHour: 10 }, settings);
    expect(hit).toMatchObject({ priority: 'medium', riskScore: 55, riskFlags: ['velocity'], requiresReview: false });
    expect(hit?.reasons[0]).toBe('11 transactions by this user within one hour (more than 10)');
  });

  it('raises one velocity alert per burst: the transactions after the crossing one raise none for velocity alone', () => {
    expect(screenTransaction(order(10), { ...quiet, lastHour: 11 }, settings)).toBeUndefined();
    expect(screenTransaction(order(10), { ...quiet, lastHour: 500 }, settings)).toBeUndefined();
    // Next to another rule, velocity still counts towards the score.
    const large = screenTransaction(order(20_000), { ...quiet, lastHour: 11 }, settings);
    expect(large).toMatchObject({ riskFlags: ['large_amount', 'velocity'], riskScore: 65, priority: 'high' });
    expect(large?.reasons[1]).toBe('Over 10 transactions by this user within one hour (alerted when the limit was crossed)');
  });

  it('flags the third amount just below the threshold within a day as structuring', () => {
    expect(screenTransaction(order(9_500), { ...quiet, nearThresholdLastDay: 1 }, settings)).toBeUndefined();
    expect(screenTransaction(order(9_500), { ...quiet, nearThresholdLastDay: 2 }, settings)).toMatchObject({
      priority: 'high',
      riskScore: 75,
      riskFlags: ['structuring'],
      requiresReview: true,
    });
    // Below the band is not "just below".
    expect(screenTransaction(order(8_999.99), { ...quiet, nearThresholdLastDay: 5 }, settings)).toBeUndefined();
  });

  it('flags high-risk jurisdictions and unverified counterparties', () => {
    expect(screenTransaction(order(100, { jurisdiction: 'IR' }), quiet, settings)).toMatchObject({ riskFlags: ['high_risk_jurisdiction'], priority: 'high' });
    expect(screenTransaction(order(100, { jurisdiction: 'GB' }), quiet, settings)).toBeUndefined();
    expect(screenTransaction(order(100, { counterpartyVerified: false }), quiet, settings)).toMatchObject({
      riskFlags: ['unverified_counterparty'],
      priority: 'medium',
      riskScore: 45,
    });
  });

  it('combines rules: the strongest sets the score, each further one adds 5, capped at 100', () => {
    const hit = screenTransaction(order(60_000, { jurisdiction: 'KP', counterpartyVerified: false }), { lastHour: 20, nearThresholdLastDay: 0 }, settings);
    expect(hit?.riskFlags).toEqual(['critical_amount', 'velocity', 'high_risk_jurisdiction', 'unverified_counterparty']);
    expect(hit).toMatchObject({ riskScore: 100, priority: 'critical' });
  });
});
