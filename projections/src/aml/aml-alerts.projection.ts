import { AML_HIGH_RISK_SCORE, isAmlEvent, type RecordedEvent, screenedTransactionFrom, amlEventTypes, screenedEventTypes } from '@carbon-ledger/contracts';
import { type Insertable, sql } from 'kysely';
import type { AmlAlertsTable, AmlTransactionsTable } from '../read-model-database.js';
import { exhaustive, type Projection, type ProjectionWriter, rowPosition, statementChunks } from '../runtime/projection.js';

type AmlTransactionRow = Insertable<AmlTransactionsTable>;
type AmlAlertRow = Insertable<AmlAlertsTable>;

/** The priorities the compliance dashboard counts as high. */
const HIGH_PRIORITIES: ReadonlySet<string> = new Set(['critical', 'high']);

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
  tables: ['aml_transactions', 'aml_alerts', 'aml_totals'],
  /**
   * A batch is a few statements however many events it holds: its screened transactions in one
   * multi-row insert, then its alerts in another, then the risk each alert gives its transaction
   * in one update (read just before it, so that the compliance dashboard's counts in `aml_totals`
   * move by what changed). An alert is raised after its transaction is recorded, so writing the
   * transactions first keeps log order.
   */
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const transactions: AmlTransactionRow[] = [];
    const alerts: AmlAlertRow[] = [];
    /** Per transaction, the risk of the last alert that names it (in log order). */
    const risks = new Map<string, { type: string; id: string; score: number; requiresReview: boolean }>();
    for (const recorded of events) {
      if (!isAmlEvent(recorded)) {
        const transaction = screenedTransactionFrom(recorded);
        if (!transaction) continue;
        transactions.push({
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
        continue;
      }
      const event = recorded;
      switch (event.type) {
        case 'AmlAlertRaised': {
          const { data } = event;
          alerts.push({
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
          risks.set(JSON.stringify([data.transactionType, data.transactionId]), {
            type: data.transactionType,
            id: data.transactionId,
            score: data.riskScore,
            requiresReview: data.requiresReview,
          });
          break;
        }
        default:
          return exhaustive(event.type);
      }
    }
    for (const chunk of statementChunks(transactions)) {
      await db
        .insertInto('aml_transactions')
        .values(chunk)
        .onConflict((conflict) => conflict.columns(['transaction_type', 'transaction_id']).doNothing())
        .execute();
    }
    let highPriorityAlerts = 0;
    let storedAlerts = 0;
    for (const chunk of statementChunks(alerts)) {
      // Only the alerts not stored before come back: a redelivered batch counts none twice.
      const inserted = await db
        .insertInto('aml_alerts')
        .values(chunk)
        .onConflict((conflict) => conflict.column('alert_id').doNothing())
        .returning('priority')
        .execute();
      highPriorityAlerts += inserted.filter((row) => HIGH_PRIORITIES.has(row.priority)).length;
      storedAlerts += inserted.length;
    }
    let highRisk = 0;
    let review = 0;
    if (risks.size > 0) {
      const named = [...risks.values()];
      // What the dashboard counted of these transactions before the batch, to count the change.
      const before = await db
        .selectFrom('aml_transactions')
        .select(['transaction_type', 'transaction_id', 'risk_score', 'requires_review'])
        .where(
          sql<boolean>`(transaction_type, transaction_id) in (select * from unnest(${named.map((risk) => risk.type)}::text[], ${named.map((risk) => risk.id)}::text[]))`,
        )
        .execute();
      for (const row of before) {
        const risk = risks.get(JSON.stringify([row.transaction_type, row.transaction_id]))!;
        highRisk += Number(risk.score >= AML_HIGH_RISK_SCORE) - Number(row.risk_score !== null && row.risk_score >= AML_HIGH_RISK_SCORE);
        review += Number(risk.requiresReview) - Number(row.requires_review);
      }
      const given = sql<{
        type: string;
        id: string;
        score: number;
        review: boolean;
      }>`(select * from unnest(${named.map((risk) => risk.type)}::text[], ${named.map(
        (risk) => risk.id,
      )}::text[], ${named.map((risk) => risk.score)}::int[], ${named.map((risk) => risk.requiresReview)}::boolean[]) as g(type, id, score, review))`.as('g');
      await db
        .updateTable('aml_transactions')
        .from(given)
        .set((eb) => ({
          risk_score: eb.ref('g.score'),
          is_high_risk: sql<boolean>`g.score >= ${AML_HIGH_RISK_SCORE}`,
          requires_review: eb.ref('g.review'),
        }))
        .whereRef('aml_transactions.transaction_type', '=', 'g.type')
        .whereRef('aml_transactions.transaction_id', '=', 'g.id')
        .execute();
    }
    if (highRisk !== 0 || review !== 0 || highPriorityAlerts !== 0 || storedAlerts !== 0) {
      await db
        .insertInto('aml_totals')
        .values({ scope: 'all', high_risk_transactions: highRisk, review_transactions: review, high_priority_alerts: highPriorityAlerts, alerts: storedAlerts })
        .onConflict((conflict) =>
          conflict.column('scope').doUpdateSet({
            high_risk_transactions: sql`aml_totals.high_risk_transactions + excluded.high_risk_transactions`,
            review_transactions: sql`aml_totals.review_transactions + excluded.review_transactions`,
            high_priority_alerts: sql`aml_totals.high_priority_alerts + excluded.high_priority_alerts`,
            alerts: sql`aml_totals.alerts + excluded.alerts`,
          }),
        )
        .execute();
    }
    return transactions.length > 0 || alerts.length > 0;
  },
};
