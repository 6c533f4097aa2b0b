import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AMM_RESERVES_HISTORY_POINTS, type AmmReservesHistoryResponse } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

export class GetAmmReservesHistoryQuery extends Query<AmmReservesHistoryResponse> {}

const DROPS_PER_XRP = 1_000_000n;

function xrpText(drops: string): string {
  const value = BigInt(drops);
  return `${value / DROPS_PER_XRP}.${String(value % DROPS_PER_XRP).padStart(6, '0')}`;
}

/** The pool's latest reserves observations from the amm_reserves read model, oldest first. */
@QueryHandler(GetAmmReservesHistoryQuery)
export class GetAmmReservesHistoryHandler implements IQueryHandler<GetAmmReservesHistoryQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute(): Promise<AmmReservesHistoryResponse> {
    const rows = await this.db
      .selectFrom('amm_reserves')
      .select(['tx_hash', 'cause', 'xrp_drops', 'credits', 'observed_at'])
      .orderBy('observed_at', 'desc')
      .orderBy('commit_position', 'desc')
      .orderBy('prepare_position', 'desc')
      .limit(AMM_RESERVES_HISTORY_POINTS)
      .execute();
    return {
      points: rows.reverse().map((row) => ({
        at: row.observed_at.toISOString(),
        cause: row.cause,
        txHash: row.tx_hash,
        xrp: xrpText(row.xrp_drops),
        credits: row.credits,
      })),
    };
  }
}
