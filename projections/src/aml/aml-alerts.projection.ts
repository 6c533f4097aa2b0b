import {
  AML_HIGH_RISK_SCORE,
  type AmlEvent,
  isAmlEvent,
  type RecordedEvent,
  screenedTransactionFrom,
  amlEventTypes,
  screenedEventTypes,
} from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { AmlTransactionsTable } from '../read-model-database.js';
import { exhaustive, insertOnce, type Projection, type ProjectionWriter, rowPosition } from '../runtime/projection.js';

type AmlTransactionRow = Insertable<AmlTransactionsTable>;

/**
 * AML alerts, and every value-moving transaction the screening counts
 * (velocity, structuring) with its risk once an alert names it.
 */
export const amlAlertsProjection: Projection = {
  name: 'aml-alerts',
  eventTypes: new Set([...amlEventTypes, ...screenedEventTypes]),
  views: ['aml-alerts', 'compliance-dashboard'],
  /** Compliance screens refetch on projection-updated; the AML screening's wait for it ends the linger. */
  lingerMs: 50,
  tables: ['aml_transactions', 'aml_alerts'],
  /** Screened transactions go in one multi-row insert per run of them; alerts apply in between, in log order. */
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    let changed = false;
    let pending: AmlTransactionRow[] = [];
    const flush = async (): Promise<void> => {
      if (pending.length === 0) return;
      const rows = pending;
      pending = [];
      await db
        .insertInto('aml_transactions')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['transaction_type', 'transaction_id']).doNothing())
        .execute();
    };
    for (const recorded of events) {
      if (!isAmlEvent(recorded)) {
        const transaction = screenedTransactionFrom(recorded);
        if (!transaction) continue;
        pending.push({
          transaction_type: transaction.transactionType,
          transaction_id: transaction.transactionId,
          user_id: transaction.userId,
          amount_usd: transaction.amount,
          occurred_at: transaction.occurredAt,
          ...rowPosition(recorded),
          risk_score: null,
          is_high_risk: false,
          requires_review: false,
        });
        changed = true;
        continue;
      }
      await flush();
      if (await applyAlert(recorded, db)) changed = true;
    }
    await flush();
    return changed;
  },
};

async function applyAlert(recorded: RecordedEvent & AmlEvent, db: ProjectionWriter): Promise<boolean> {
  const event = recorded;
  switch (event.type) {
    case 'AmlAlertRaised': {
      const { data } = event;
      await insertOnce(db, 'aml_alerts', 'alert_id', {
        alert_id: data.alertId,
        priority: data.priority,
        transaction_type: data.transactionType,
        transaction_id: data.transactionId,
        user_id: data.userId,
        risk_score: data.riskScore,
        amount_usd: data.amount,
        risk_flags: data.riskFlags,
        reasons: data.reasons,
        requires_review: data.requiresReview,
        raised_at: data.raisedAt,
        ...rowPosition(recorded),
      });
      await db
        .updateTable('aml_transactions')
        .set({ risk_score: data.riskScore, is_high_risk: data.riskScore >= AML_HIGH_RISK_SCORE, requires_review: data.requiresReview })
        .where('transaction_type', '=', data.transactionType)
        .where('transaction_id', '=', data.transactionId)
        .execute();
      return true;
    }
    default:
      return exhaustive(event.type);
  }
}
