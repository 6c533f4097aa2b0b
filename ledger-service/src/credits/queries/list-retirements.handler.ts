import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListRetirementsResponse } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { selectRetirements, toRetirementRecord } from './retirement-record.js';

/** Records carry up to 1,000 serial numbers each; the analytics endpoint has the totals. */
const NEWEST = 100;

export class ListRetirementsQuery extends Query<ListRetirementsResponse> {}

@QueryHandler(ListRetirementsQuery)
export class ListRetirementsHandler implements IQueryHandler<ListRetirementsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute(): Promise<ListRetirementsResponse> {
    const rows = await selectRetirements(this.db)
      .orderBy('r.retired_at', 'desc')
      .orderBy('r.commit_position', 'desc')
      .orderBy('r.prepare_position', 'desc')
      .limit(NEWEST)
      .execute();
    return { retirements: rows.map((row) => toRetirementRecord(row)) };
  }
}
