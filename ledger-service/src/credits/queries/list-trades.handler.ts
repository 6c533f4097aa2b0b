import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { formatSerialRange, type ListTradesParams, type ListTradesResponse, pageOf, serialPrefixFor, type TradeView } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { CreditTradeRow } from './read-model-rows.js';
import { tradeSide } from '../../credit-market/trade-side.js';
import { beforeLogKey, instantKey } from '../../shared/keyset-page.js';

/** Who reads the trades: other users' account ids are shown to oversight roles only. */
export interface TradeViewer {
  readonly userId: string;
  readonly oversees: boolean;
}

export class ListTradesQuery extends Query<ListTradesResponse> {
  constructor(
    readonly viewer: TradeViewer,
    readonly page: ListTradesParams,
  ) {
    super();
  }
}

const accountFor = (viewer: TradeViewer, accountId: string): string | null => (viewer.oversees || accountId === viewer.userId ? accountId : null);

export function toTradeView(row: CreditTradeRow, viewer: TradeViewer): TradeView {
  return {
    id: row.trade_id,
    kind: row.kind,
    projectType: row.project_type,
    vintage: row.vintage,
    quantity: row.quantity,
    price: row.price,
    side: tradeSide(row.aggressor),
    buyerAccountId: accountFor(viewer, row.buyer_account_id),
    // An XRPL swap's seller is the ledger address it took from, public on the ledger anyway.
    sellerAccountId: row.kind === 'xrpl-amm' ? row.seller_account_id : accountFor(viewer, row.seller_account_id),
    buyOrderId: row.buy_order_id,
    sellOrderId: row.sell_order_id,
    settlement: { status: row.settlement_status, txHash: row.settlement_tx_hash },
    serialRanges: row.ranges.map((range) => formatSerialRange(serialPrefixFor(range.batchId), range.start, range.end)),
    executedAt: row.executed_at.toISOString(),
  };
}

@QueryHandler(ListTradesQuery)
export class ListTradesHandler implements IQueryHandler<ListTradesQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ viewer, page: { limit, cursor } }: ListTradesQuery): Promise<ListTradesResponse> {
    let query = this.db.selectFrom('credit_trades').selectAll().select(instantKey('executed_at').as('at_key'));
    if (cursor) query = query.where(beforeLogKey({ at: 'executed_at', commit: 'commit_position', prepare: 'prepare_position' }, cursor));
    const rows = await query
      .orderBy('executed_at', 'desc')
      .orderBy('commit_position', 'desc')
      .orderBy('prepare_position', 'desc')
      .limit(limit + 1)
      .execute();
    const page = pageOf(rows, limit, 'trades', (row) => [row.at_key, row.commit_position, row.prepare_position]);
    return { trades: page.rows.map((row) => toTradeView(row, viewer)), nextCursor: page.nextCursor };
  }
}
