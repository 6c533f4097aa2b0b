import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  type CashTransferView,
  formatUsdCents,
  type FundsStatementParams,
  type FundsStatementResponse,
  pageOf,
  SETTLEMENT_CURRENCY,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

export class GetStatementQuery extends Query<FundsStatementResponse> {
  constructor(
    readonly userId: string,
    readonly page: Pick<FundsStatementParams, 'limit' | 'cursor'>,
  ) {
    super();
  }
}

/**
 * A user's transfers, newest first (log order), one page at a time: after a cursor's row by the row's
 * whole key (log order, status, transfer), which the index on the same columns answers.
 */
@QueryHandler(GetStatementQuery)
export class GetStatementHandler implements IQueryHandler<GetStatementQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId, page: { limit, cursor } }: GetStatementQuery): Promise<FundsStatementResponse> {
    let query = this.db.selectFrom('cash_transfers').selectAll().where('user_id', '=', userId);
    if (cursor) query = query.where(sql<boolean>`(log_order, status, transfer_id) < (${cursor[0]}, ${cursor[1]}, ${cursor[2]})`);
    const [found, count] = await Promise.all([
      query
        .orderBy('log_order', 'desc')
        .orderBy('status', 'desc')
        .orderBy('transfer_id', 'desc')
        .limit(limit + 1)
        .execute(),
      // Kept by the cash-ledger projection as it stores the rows: one row, whatever the statement's length.
      this.db.selectFrom('cash_statement_totals').select('transfers').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    const { rows, nextCursor } = pageOf(found, limit, 'funds-statement', (row) => [row.log_order, row.status, row.transfer_id]);
    const transfers = rows.map((row): CashTransferView => ({
      transferId: row.transfer_id,
      kind: row.kind as CashTransferView['kind'],
      amount: formatUsdCents(Number(row.amount_cents)),
      status: row.status as CashTransferView['status'],
      counterparty: row.counterparty,
      reference: row.reference,
      at: row.at.toISOString(),
    }));
    return { userId, currency: SETTLEMENT_CURRENCY, transfers, total: Number(count?.transfers ?? 0), nextCursor };
  }
}
