import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  formatPosition,
  type NewCreditMessage,
  type NewTradeMessage,
  type Position,
  socketEvents,
  START,
  type ProjectionName,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { Server } from 'socket.io';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';

const TRADES_PROJECTION: ProjectionName = 'credit-trades';
const REGISTRY_PROJECTION: ProjectionName = 'credit-registry';

type Feed = 'trades' | 'credits';

const between = (after: Position, upTo: Position) => [
  sql<boolean>`(commit_position, prepare_position) > (${after.commit.toString()}::bigint, ${after.prepare.toString()}::bigint)`,
  sql<boolean>`(commit_position, prepare_position) <= (${upTo.commit.toString()}::bigint, ${upTo.prepare.toString()}::bigint)`,
];

const rowPosition = (row: { commit_position: string; prepare_position: string }): string =>
  formatPosition({ commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) });

/**
 * Pushes the spec's 'newTrade' and 'newCredit' for each trade and batch the
 * credit projections commit, to every connected socket (only signed-in
 * browsers connect). Shares the realtime gateway's socket.io server. Rows
 * committed before this process started are not pushed again.
 */
@WebSocketGateway({ serveClient: false })
export class CreditsGateway implements OnModuleInit, OnModuleDestroy {
  @WebSocketServer() private server!: Server;
  private readonly logger = new Logger('Credits');
  private readonly pushed: Record<Feed, Position> = { trades: START, credits: START };
  private readonly queues: Record<Feed, Promise<void>> = { trades: Promise.resolve(), credits: Promise.resolve() };
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly projections: ProjectionHost,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  async onModuleInit(): Promise<void> {
    const [trade, credit] = await Promise.all([this.newest('credit_trades'), this.newest('credit_batches')]);
    if (trade) this.pushed.trades = trade;
    if (credit) this.pushed.credits = credit;
    this.unsubscribe = this.projections.onBatchCommitted((batch) => {
      if (batch.views.length === 0) return;
      // A registry batch that issued nothing has no new batch to announce (most move serial blocks).
      const feed: Feed | undefined =
        batch.projection === TRADES_PROJECTION ? 'trades' : batch.projection === REGISTRY_PROJECTION && batch.eventTypes.has('CreditsIssued') ? 'credits' : undefined;
      if (!feed) return;
      // One batch at a time per feed, in order, so nothing is pushed twice or skipped.
      this.queues[feed] = this.queues[feed]
        .then(() => (feed === 'trades' ? this.pushTrades(batch.position) : this.pushCredits(batch.position)))
        .catch((error: unknown) => this.logger.error(`pushing ${feed} failed: ${error instanceof Error ? error.message : String(error)}`));
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private async newest(table: 'credit_trades' | 'credit_batches'): Promise<Position | undefined> {
    const row = await this.db
      .selectFrom(table)
      .select(['commit_position', 'prepare_position'])
      .orderBy('commit_position', 'desc')
      .orderBy('prepare_position', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : undefined;
  }

  private async pushTrades(upTo: Position): Promise<void> {
    const [after, until] = between(this.pushed.trades, upTo);
    const rows = await this.db
      .selectFrom('credit_trades')
      .select(['trade_id', 'kind', 'quantity', 'price', 'project_type', 'vintage', 'settlement_tx_hash', 'buy_order_id', 'sell_order_id', 'executed_at', 'commit_position', 'prepare_position'])
      .where(after!)
      .where(until!)
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .execute();
    for (const row of rows) {
      const message: NewTradeMessage = {
        tradeId: row.trade_id,
        kind: row.kind,
        amount: row.quantity,
        price: row.price,
        projectType: row.project_type,
        vintage: row.vintage,
        txHash: row.settlement_tx_hash,
        buyOrderId: row.buy_order_id,
        sellOrderId: row.sell_order_id,
        timestamp: row.executed_at.toISOString(),
        projection: TRADES_PROJECTION,
        position: rowPosition(row),
      };
      this.server?.emit(socketEvents.newTrade, message);
    }
    this.pushed.trades = upTo;
  }

  private async pushCredits(upTo: Position): Promise<void> {
    const [after, until] = between(this.pushed.credits, upTo);
    const rows = await this.db
      .selectFrom('credit_batches')
      .select(['token_id', 'quantity', 'project_name', 'project_type', 'nft_id', 'issued_at', 'commit_position', 'prepare_position'])
      .where(after!)
      .where(until!)
      .orderBy('commit_position')
      .orderBy('prepare_position')
      .execute();
    for (const row of rows) {
      const message: NewCreditMessage = {
        tokenId: row.token_id,
        creditAmount: row.quantity,
        projectName: row.project_name,
        projectType: row.project_type,
        nftId: row.nft_id,
        timestamp: row.issued_at.toISOString(),
        projection: REGISTRY_PROJECTION,
        position: rowPosition(row),
      };
      this.server?.emit(socketEvents.newCredit, message);
    }
    this.pushed.credits = upTo;
  }
}
