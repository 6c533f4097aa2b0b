import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type ComplianceDashboardResponse, kycJurisdictions } from '@carbon-ledger/contracts';
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
    const [users, totals, recent, jurisdictions] = await Promise.all([
      this.db
        .selectFrom('kyc_status')
        .select([
          sql<string>`count(distinct owner_id)`.as('total'),
          sql<string>`count(distinct owner_id) filter (where kyc_status = 'verified' and expires_at > ${now})`.as('verified'),
          sql<string | null>`round(avg(risk_score) filter (where aml_status <> 'not_started'))`.as('average_risk'),
        ])
        .executeTakeFirstOrThrow(),
      // Kept by the AML projection as alerts change them: one row, however long the log.
      this.db.selectFrom('aml_totals').selectAll().where('scope', '=', 'all').executeTakeFirst(),
      this.db
        .selectFrom('aml_transactions as t')
        // A retirement carries no price: aml_transactions holds it at $0, and the AML screening
        // values it at its market's last trade before it. The same valuation here, from the
        // retirement's read-model row.
        .leftJoin('credit_retirements as r', (join) => join.on(sql<boolean>`t.transaction_type = 'retirement' and r.retirement_id::text = t.transaction_id`))
        .select([
          't.transaction_type',
          't.amount_usd',
          't.occurred_at',
          't.is_high_risk',
          'r.quantity as credits',
          sql<string | null>`(select ct.price from credit_trades ct
            where ct.project_type = r.project_type and ct.vintage = r.vintage
              and (ct.commit_position, ct.prepare_position) < (r.commit_position, r.prepare_position)
            order by ct.executed_at desc, ct.commit_position desc limit 1)`.as('market_price'),
        ])
        .orderBy('t.occurred_at', 'desc')
        .orderBy('t.transaction_id')
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
      highRiskTransactions: Number(totals?.high_risk_transactions ?? 0),
      transactionsRequiringReview: Number(totals?.review_transactions ?? 0),
      averageRiskScore: users.average_risk === null ? 0 : Number(users.average_risk),
      recentActivity: recent.map((row) => ({
        type: row.transaction_type,
        amount: row.credits !== null && row.market_price !== null ? (Math.round(Number(row.market_price) * 100) * row.credits) / 100 : Number(row.amount_usd),
        credits: row.credits,
        createdAt: row.occurred_at.toISOString(),
        isHighRisk: row.is_high_risk,
      })),
      jurisdictionBreakdown,
      highPriorityAlerts: Number(totals?.high_priority_alerts ?? 0),
    };
  }
}
