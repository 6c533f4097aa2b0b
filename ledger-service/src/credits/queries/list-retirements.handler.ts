import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type ListRetirementsParams, type ListRetirementsResponse, pageOf } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { beforeLogKey, instantKey } from '../../shared/keyset-page.js';
import { selectRetirements, toRetirementRecord } from './retirement-record.js';

export class ListRetirementsQuery extends Query<ListRetirementsResponse> {
  constructor(readonly page: ListRetirementsParams) {
    super();
  }
}

@QueryHandler(ListRetirementsQuery)
export class ListRetirementsHandler implements IQueryHandler<ListRetirementsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ page: { limit, cursor } }: ListRetirementsQuery): Promise<ListRetirementsResponse> {
    let query = selectRetirements(this.db).select(instantKey('r.retired_at').as('at_key'));
    if (cursor) query = query.where(beforeLogKey({ at: 'r.retired_at', commit: 'r.commit_position', prepare: 'r.prepare_position' }, cursor));
    const rows = await query
      .orderBy('r.retired_at', 'desc')
      .orderBy('r.commit_position', 'desc')
      .orderBy('r.prepare_position', 'desc')
      .limit(limit + 1)
      .execute();
    const page = pageOf(rows, limit, 'retirements', (row) => [row.at_key, row.commit_position, row.prepare_position]);
    return { retirements: page.rows.map((row) => toRetirementRecord(row)), nextCursor: page.nextCursor };
  }
}
