import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AmlAlertView, AmlRiskFlag, ListAmlAlertsResponse } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

export class ListAmlAlertsQuery extends Query<ListAmlAlertsResponse> {
  constructor(readonly limit: number) {
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

  async execute({ limit }: ListAmlAlertsQuery): Promise<ListAmlAlertsResponse> {
    const [rows, total] = await Promise.all([
      this.db.selectFrom('aml_alerts').selectAll().orderBy('raised_at', 'desc').orderBy('alert_id').limit(limit).execute(),
      this.db
        .selectFrom('aml_alerts')
        .select(sql<string>`count(*)`.as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { alerts: rows.map(toAmlAlertView), totalAlerts: Number(total.count) };
  }
}
