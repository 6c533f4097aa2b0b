import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AML_HIGH_RISK_SCORE, type ComplianceDashboardResponse, kycJurisdictions } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

const RECENT_ACTIVITY = 10;

export class GetComplianceDashboardQuery extends Query<ComplianceDashboardResponse> {
  constructor(readonly now = new Date()) {
    super();
  }
}

/** The compliance dashboard, aggregated from the kyc_status and AML read models. */
@QueryHandler(GetComplianceDashboardQuery)
export class GetComplianceDashboardHandler implements IQueryHandler<GetComplianceDashboardQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ now }: GetComplianceDashboardQuery): Promise<ComplianceDashboardResponse> {
    const [users, transactions, alerts, recent, jurisdictions] = await Promise.all([
      this.db
        .selectFrom('kyc_status')
        .select([
          sql<string>`count(distinct owner_id)`.as('total'),
          sql<string>`count(distinct owner_id) filter (where kyc_status = 'verified' and expires_at > ${now})`.as('verified'),
          sql<string | null>`round(avg(risk_score) filter (where aml_status <> 'not_started'))`.as('average_risk'),
        ])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('aml_transactions')
        .select([
          sql<string>`count(*) filter (where risk_score >= ${AML_HIGH_RISK_SCORE})`.as('high_risk'),
          sql<string>`count(*) filter (where requires_review)`.as('review'),
        ])
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('aml_alerts')
        .select(sql<string>`count(*) filter (where priority in ('critical', 'high'))`.as('high_priority'))
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('aml_transactions')
        .select(['transaction_type', 'amount_usd', 'occurred_at', 'is_high_risk'])
        .orderBy('occurred_at', 'desc')
        .orderBy('transaction_id')
        .limit(RECENT_ACTIVITY)
        .execute(),
      this.db
        .selectFrom('kyc_status')
        .select(['jurisdiction', sql<string>`count(distinct owner_id)`.as('users')])
        .where('jurisdiction', 'is not', null)
        .groupBy('jurisdiction')
        .execute(),
    ]);
    const totalUsers = Number(users.total);
    const verifiedUsers = Number(users.verified);
    const jurisdictionBreakdown: Record<string, number> = Object.fromEntries(kycJurisdictions.map((name) => [name, 0]));
    for (const row of jurisdictions) if (row.jurisdiction) jurisdictionBreakdown[row.jurisdiction] = Number(row.users);
    return {
      totalUsers,
      verifiedUsers,
      verificationRate: totalUsers === 0 ? 0 : Math.round((verifiedUsers / totalUsers) * 100),
      highRiskTransactions: Number(transactions.high_risk),
      transactionsRequiringReview: Number(transactions.review),
      averageRiskScore: users.average_risk === null ? 0 : Number(users.average_risk),
      recentActivity: recent.map((row) => ({
        type: row.transaction_type,
        amount: Number(row.amount_usd),
        createdAt: row.occurred_at.toISOString(),
        isHighRisk: row.is_high_risk,
      })),
      jurisdictionBreakdown,
      highPriorityAlerts: Number(alerts.high_priority),
    };
  }
}
