import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type AmlAlertView, type AmlRiskFlag, type ListAmlAlertsParams, type ListAmlAlertsResponse, pageOf } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { afterNewestThenId, instantKey } from '../../shared/keyset-page.js';

export class ListAmlAlertsQuery extends Query<ListAmlAlertsResponse> {
  constructor(readonly page: ListAmlAlertsParams) {
    super();
  }
}

/** A row of aml_alerts as Kysely returns it. */
export interface AmlAlertRow {
  alert_id: string;
  priority: AmlAlertView['priority'];
  transaction_type: string;
  transaction_id: string;
  user_id: string;
  risk_score: number;
  amount_usd: string;
  risk_flags: string[];
  reasons: string[];
  requires_review: boolean;
  raised_at: Date;
}

export function toAmlAlertView(row: AmlAlertRow): AmlAlertView {
  return {
    alertId: row.alert_id,
    priority: row.priority,
    transactionType: row.transaction_type,
    transactionId: row.transaction_id,
    riskScore: row.risk_score,
    amount: Number(row.amount_usd),
    userId: row.user_id,
    riskFlags: row.risk_flags as AmlRiskFlag[],
    reasons: row.reasons,
    requiresReview: row.requires_review,
    timestamp: row.raised_at.toISOString(),
  };
}

@QueryHandler(ListAmlAlertsQuery)
export class ListAmlAlertsHandler implements IQueryHandler<ListAmlAlertsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ page: { limit, cursor } }: ListAmlAlertsQuery): Promise<ListAmlAlertsResponse> {
    let alerts = this.db.selectFrom('aml_alerts').selectAll().select(instantKey('raised_at').as('at_key'));
    if (cursor) alerts = alerts.where(afterNewestThenId({ at: 'raised_at', id: 'alert_id' }, cursor));
    const [rows, total] = await Promise.all([
      alerts
        .orderBy('raised_at', 'desc')
        .orderBy('alert_id')
        .limit(limit + 1)
        .execute(),
      // Kept by the aml-alerts projection as it stores alerts: one row, however many there are.
      this.db.selectFrom('aml_totals').select('alerts').where('scope', '=', 'all').executeTakeFirst(),
    ]);
    const page = pageOf(rows, limit, 'aml-alerts', (row) => [row.at_key, row.alert_id]);
    return { alerts: page.rows.map(toAmlAlertView), totalAlerts: Number(total?.alerts ?? 0), nextCursor: page.nextCursor };
  }
}
