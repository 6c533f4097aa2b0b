import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type CashTransferView, formatUsdCents, type FundsStatementResponse, SETTLEMENT_CURRENCY } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

export class GetStatementQuery extends Query<FundsStatementResponse> {
  constructor(
    readonly userId: string,
    readonly page: number,
    readonly pageSize: number,
  ) {
    super();
  }
}

/** A user's transfers, newest first (log order), one page at a time. */
@QueryHandler(GetStatementQuery)
export class GetStatementHandler implements IQueryHandler<GetStatementQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId, page, pageSize }: GetStatementQuery): Promise<FundsStatementResponse> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('cash_transfers')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('log_order', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('cash_transfers')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const transfers = rows.map((row): CashTransferView => ({
      transferId: row.transfer_id,
      kind: row.kind as CashTransferView['kind'],
      amount: formatUsdCents(Number(row.amount_cents)),
      status: row.status as CashTransferView['status'],
      counterparty: row.counterparty,
      reference: row.reference,
      at: row.at.toISOString(),
    }));
    return { userId, currency: SETTLEMENT_CURRENCY, transfers, page, pageSize, total: Number(count.total) };
  }
}
