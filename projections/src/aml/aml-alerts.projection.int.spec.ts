import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amlAlertsProjection } from './aml-alerts.projection.js';
import { useProjectionTestBed } from '../test-support/projection-test-bed.js';

const DEPOSITS = 7_000;

function deposit(index: number) {
  return {
    type: 'FundsDeposited',
    data: {
      depositId: `deposit-${index}`,
      userId: `user-${index % 50}`,
      amountCents: 10_000 + index,
      depositedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    },
  };
}

function alert(index: number, riskScore: number, requiresReview: boolean) {
  return {
    type: 'AmlAlertRaised',
    data: {
      alertId: randomUUID(),
      priority: requiresReview ? 'high' : 'medium',
      transactionType: 'deposit',
      transactionId: `deposit-${index}`,
      riskScore,
      amount: (10_000 + index) / 100,
      userId: `user-${index % 50}`,
      riskFlags: ['velocity'],
      reasons: ['Many deposits in a short time.'],
      requiresReview,
      sourceEventId: randomUUID(),
      transactionAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      raisedAt: new Date(Date.UTC(2026, 0, 2)).toISOString(),
    },
  };
}

describe('AML alerts projection on PostgreSQL', () => {
  const bed = useProjectionTestBed([amlAlertsProjection]);

  const rows = async () => ({
    transactions: await bed.db.selectFrom('aml_transactions').selectAll().orderBy('transaction_id').execute(),
    alerts: await bed.db.selectFrom('aml_alerts').selectAll().orderBy('alert_id').execute(),
    totals: await bed.db.selectFrom('aml_totals').selectAll().execute(),
  });
  const totals = async () => {
    const row = await bed.db.selectFrom('aml_totals').selectAll().where('scope', '=', 'all').executeTakeFirst();
    return {
      highRisk: Number(row?.high_risk_transactions ?? 0),
      review: Number(row?.review_transactions ?? 0),
      highPriority: Number(row?.high_priority_alerts ?? 0),
      alerts: Number(row?.alerts ?? 0),
    };
  };

  it('gives each transaction the risk of the last alert naming it, moves the dashboard’s counts by what alerts change, and a rebuild in pages larger than one statement can bind leaves the same rows', async () => {
    for (let from = 0; from < DEPOSITS; from += 1_000) {
      await bed.append(
        'funds-aml-test',
        Array.from({ length: 1_000 }, (_, offset) => deposit(from + offset)),
      );
    }
    // Two alerts on one deposit in one batch, and one on another: the later alert's risk stands.
    await bed.append('aml-alerts-test', [alert(5, 40, false), alert(5, 85, true), alert(6, 60, false)]);
    const first = await rows();
    expect(first.transactions).toHaveLength(DEPOSITS);
    expect(first.alerts).toHaveLength(3);
    const risk = (id: string) => first.transactions.find((row) => row.transaction_id === id);
    expect(risk('deposit-5')).toMatchObject({ risk_score: 85, is_high_risk: true, requires_review: true });
    expect(risk('deposit-6')).toMatchObject({ risk_score: 60, requires_review: false });
    expect(risk('deposit-7')).toMatchObject({ risk_score: null, is_high_risk: false });
    // The dashboard's counts: one high-risk transaction to review, one high-priority alert.
    expect(await totals()).toEqual({ highRisk: 1, review: 1, highPriority: 1, alerts: 3 });

    const raised = alert(8, 90, true);
    await bed.append('aml-alerts-test', [alert(5, 30, false), raised]);
    // deposit-5 is no longer high risk nor to review; deposit-8 now is; the high-priority alerts stay raised.
    expect(await totals()).toEqual({ highRisk: 1, review: 1, highPriority: 2, alerts: 5 });
    // An alert recorded again (the same alert id) is stored and counted once.
    await bed.append('aml-alerts-test', [raised]);
    expect(await totals()).toEqual({ highRisk: 1, review: 1, highPriority: 2, alerts: 5 });
    const counted = await bed.db
      .selectFrom('aml_transactions')
      .select((eb) => [eb.fn.countAll<string>().as('n')])
      .where('risk_score', '>=', 70)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(1);
    const live = await rows();

    // One page of every event: 7,000 rows of eleven columns are more parameters than one statement takes.
    await bed.rebuild(10_000);
    expect(await rows()).toEqual(live);
  });
});
