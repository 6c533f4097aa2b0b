import { createHash } from 'node:crypto';
import {
  isCreditEvent,
  isXrplActionEvent,
  swapOf,
  marketOfTokenId,
  formatPosition,
  type PushedMessage,
  type RecordedEvent,
  socketEvents,
  type TradeExecuted,
  type XrplCreditsSwappedData,
  creditEventTypes,
  xrplActionEventTypes,
} from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { CreditTradesTable } from '../read-model-database.js';
import { exhaustive, insertRowsOnce, type Projection, rowPosition } from '../runtime/projection.js';

/** What an XRPL AMM swap of credits that name no registry market is filed under. */
export const XRPL_AMM_PROJECT_TYPE = 'NXCC';

/** A stable UUID for an XRPL swap, so its trade id has the same shape as the registry's. */
export function xrplTradeId(txHash: string): string {
  const hex = createHash('sha256').update(`xrpl-amm:${txHash}`).digest('hex');
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Price per credit of a swap: XRP paid (drops / 1e6) over the credits delivered, 2 decimals. */
export function swapPrice(xrpDrops: string, creditAmount: string): string {
  const credits = Number(creditAmount);
  if (!(credits > 0)) return '0.00';
  return (Number(xrpDrops) / 1_000_000 / credits).toFixed(2);
}

function tradeRow(recorded: RecordedEvent, data: TradeExecuted['data']): Insertable<CreditTradesTable> {
  return {
    trade_id: data.tradeId,
    kind: data.kind,
    project_type: data.projectType,
    vintage: data.vintage,
    quantity: data.quantity,
    price: data.price,
    aggressor: data.aggressor,
    buyer_account_id: data.buyerAccountId,
    seller_account_id: data.sellerAccountId,
    buy_order_id: data.buyOrderId,
    sell_order_id: data.sellOrderId,
    settlement_status: data.settlement.status,
    settlement_tx_hash: data.settlement.txHash ?? null,
    ranges: JSON.stringify(data.ranges),
    executed_at: data.executedAt,
    ...rowPosition(recorded),
  };
}

function swapRow(recorded: RecordedEvent, data: XrplCreditsSwappedData): Insertable<CreditTradesTable> {
  const market = marketOfTokenId(data.creditId);
  return {
    trade_id: xrplTradeId(data.txHash),
    kind: 'xrpl-amm',
    project_type: market?.projectType ?? XRPL_AMM_PROJECT_TYPE,
    vintage: market?.vintage ?? null,
    quantity: Math.round(Number(data.creditAmount)),
    price: swapPrice(data.xrpDrops, data.creditAmount),
    aggressor: 'buy',
    buyer_account_id: data.userId,
    seller_account_id: data.sellerAddress,
    buy_order_id: null,
    sell_order_id: null,
    settlement_status: 'settled',
    settlement_tx_hash: data.txHash,
    ranges: '[]',
    executed_at: data.executedAt,
    ...rowPosition(recorded),
  };
}

/** A money amount as a numeric(12, 2) column reads back: no leading zeros, two decimals ("007.5" -> "7.50"). */
export function numericText(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
}

/** The rows a batch writes, in log order. */
function tradeRows(events: readonly RecordedEvent[]): Insertable<CreditTradesTable>[] {
  const rows: Insertable<CreditTradesTable>[] = [];
  for (const recorded of events) {
    if (isCreditEvent(recorded)) {
      const event = recorded;
      switch (event.type) {
        case 'TradeExecuted':
          rows.push(tradeRow(recorded, event.data));
          break;
        case 'CreditsIssued':
        case 'CreditsRetired':
        case 'XrplSettlementRecorded':
        case 'CreditsTokenized':
        case 'CreditsRedeemed':
        case 'DirectTradeOffered':
        case 'DirectTradeOfferWithdrawn':
        case 'CreditsCancelled':
          break;
        default:
          return exhaustive(event);
      }
    } else if (isXrplActionEvent(recorded)) {
      const swap = swapOf(recorded);
      if (swap) rows.push(swapRow(recorded, swap));
    }
  }
  return rows;
}

/** Every trade: order matches and direct transfers of the registry, and XRPL AMM swaps. */
export const creditTradesProjection: Projection = {
  name: 'credit-trades',
  eventTypes: new Set([...creditEventTypes, ...xrplActionEventTypes]),
  views: ['trades', 'metrics', 'marketplace'],
  /** newTrade goes out after its batch commits: up to 15 ms later, in fewer, larger batches under load. */
  lingerMs: 15,
  tables: ['credit_trades'],
  /** One multi-row insert per batch. */
  applyBatch: insertRowsOnce('credit_trades', 'trade_id', tradeRows),
  /** newTrade for each row, as the row reads back. */
  pushedMessages(events: readonly RecordedEvent[]): PushedMessage[] {
    return tradeRows(events).map((row) => ({
      name: socketEvents.newTrade,
      message: {
        tradeId: row.trade_id,
        kind: row.kind,
        amount: row.quantity,
        price: numericText(String(row.price)),
        projectType: row.project_type,
        vintage: row.vintage ?? null,
        txHash: row.settlement_tx_hash ?? null,
        buyOrderId: row.buy_order_id ?? null,
        sellOrderId: row.sell_order_id ?? null,
        timestamp: new Date(row.executed_at).toISOString(),
        projection: 'credit-trades',
        position: formatPosition({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }),
      },
    }));
  },
};
