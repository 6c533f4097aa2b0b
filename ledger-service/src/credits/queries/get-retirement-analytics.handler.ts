import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { creditProjectTypes, projectTypeSdgs, type RetirementAnalytics, type RetirementAnalyticsFilter } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

const DAY_MS = 86_400_000;
const WINDOW_DAYS: Readonly<Record<RetirementAnalyticsFilter, number | null>> = { all: null, '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

export class GetRetirementAnalyticsQuery extends Query<RetirementAnalytics> {
  constructor(
    readonly filter: RetirementAnalyticsFilter,
    readonly now: Date = new Date(),
  ) {
    super();
  }
}

@QueryHandler(GetRetirementAnalyticsQuery)
export class GetRetirementAnalyticsHandler implements IQueryHandler<GetRetirementAnalyticsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ filter, now }: GetRetirementAnalyticsQuery): Promise<RetirementAnalytics> {
    const days = WINDOW_DAYS[filter];
    let query = this.db
      .selectFrom('credit_retirements')
      .select(['project_type', 'standard', sql<string>`sum(quantity)`.as('retired'), sql<string>`count(*)`.as('count')])
      .groupBy(['project_type', 'standard']);
    if (days !== null) query = query.where('retired_at', '>=', new Date(now.getTime() - days * DAY_MS));
    const groups = await query.execute();

    const projectTypes: Record<string, number> = {};
    const standards: Record<string, number> = {};
    const sdgs = new Set<number>();
    let totalRetired = 0;
    let retirementCount = 0;
    for (const group of groups) {
      const retired = Number(group.retired);
      totalRetired += retired;
      retirementCount += Number(group.count);
      projectTypes[group.project_type] = (projectTypes[group.project_type] ?? 0) + retired;
      standards[group.standard] = (standards[group.standard] ?? 0) + retired;
      const known = creditProjectTypes.find((type) => type === group.project_type);
      for (const sdg of known ? projectTypeSdgs[known] : []) sdgs.add(sdg);
    }
    return { filter, totalRetired, retirementCount, projectTypes, standards, sdgGoals: [...sdgs].sort((a, b) => a - b) };
  }
}
