import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  centsToPrice,
  type CreditLabel,
  type CreditProjectType,
  type OrderView,
  type PlaceOrderRequest,
  type Position,
  priceToCents,
} from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import { type CreditMarketEvent, type CreditMarketState, mayMeetLabelledBid, orderAfter, selfTradeNote } from '../../credit-market/credit-market.decider.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { marketBatchLabels } from '../../shared/batch-claims-reader.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { FUNDED_BUYS, type FundedBuys } from '../../credit-market/funded-buys.port.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';

export interface PlaceOrderResult {
  readonly orderId: string;
  readonly position: Position;
  readonly replayed: boolean;
  /** Credits traded while placing (matched against the book). */
  readonly filled: number;
  /** The order as its market holds it right after the command, in the order book's shape. */
  readonly order: OrderView | undefined;
  /** Set when self-trade prevention cancelled the rest: "2 not filled: your own sell order at 99.50". */
  readonly notFilled: string | undefined;
}

/**
 * An order in the shape of the order book read model (`GetOrderQuery`), from the market's state
 * and the command's events (see orderAfter): the projection derives the same fields from the same
 * events. Undefined for an order that later commands closed (a replay): the read model answers.
 */
export function orderViewFromMarket(
  state: CreditMarketState,
  events: readonly CreditMarketEvent[],
  orderId: string,
  market: { readonly projectType: CreditProjectType; readonly vintage: number },
): OrderView | undefined {
  const order = orderAfter(state, events, orderId);
  if (!order) return undefined;
  return {
    id: order.orderId,
    type: order.side,
    amount: order.amount,
    price: centsToPrice(order.priceCents),
    projectType: market.projectType,
    vintage: market.vintage,
    status: order.status,
    filled: order.amount - order.remaining,
    ownerId: order.ownerId,
    createdAt: order.placedAt,
    // A bid for labelled credits, as the order book lists it (a sell's labels are its escrow's: the list reads them).
    ...(order.labels ? { labels: [...order.labels] } : {}),
  };
}

export class PlaceOrderCommand extends Command<PlaceOrderResult> {
  constructor(
    readonly order: PlaceOrderRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Places the order on its market (project type + vintage) and matches it there, in one append.
 * Spec 6: trading needs KYC verified, the same gate as /api/trade (the Trading Desk and the
 * Marketplace both place orders here).
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
    @Inject(FUNDED_BUYS) private readonly funded: FundedBuys,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ order, context }: PlaceOrderCommand): Promise<PlaceOrderResult> {
    await this.kyc.requireVerifiedTrader(context.actor.userId, context.now);
    // Derived from the command id, so a retried request lands on the same order.
    const orderId = deriveId(context.commandId, 'order');
    const after = (state: CreditMarketState, events: readonly CreditMarketEvent[]) => ({
      view: orderViewFromMarket(state, events, orderId, order),
      notFilled: selfTradeNote(events, orderId),
    });
    // A buy is paid for before it enters the book (docs/funds.md); a sell escrows its serials.
    const outcome =
      order.type === 'buy'
        ? await this.funded.placeBuy(orderId, context.actor.userId, order, context, after)
        : await this.markets.execute(
            order.projectType,
            order.vintage,
            { type: 'PlaceOrder', orderId, ownerId: context.actor.userId, order, ...(await this.labelsToMeetBids(order)) },
            context,
            after,
          );
    const { view, notFilled } = outcome.result;
    return { orderId, position: outcome.position, replayed: outcome.replayed, filled: view?.filled ?? 0, order: view, notFilled };
  }

  /**
   * A sell that may cross a labelled bid brings the labels of the market's batches, which the bid is
   * matched on (docs/credit-use.md); most sells meet none and skip the query. The book is peeked at,
   * not read in turn: should a labelled bid arrive meanwhile, the sell passes it (it never trades
   * serials the bid has not been shown the labels of), and rests for the next order to meet.
   */
  private async labelsToMeetBids(order: PlaceOrderRequest): Promise<{ batchLabels?: ReadonlyMap<string, readonly CreditLabel[]> }> {
    const meets =
      this.markets.peek(order.projectType, order.vintage, (state) => mayMeetLabelledBid(state, order.type, priceToCents(order.price), false)) ?? true;
    return meets ? { batchLabels: await marketBatchLabels(this.db, order, labelRulesOf(this.config)) } : {};
  }
}
