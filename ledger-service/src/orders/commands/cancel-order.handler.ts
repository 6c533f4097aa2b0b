import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreditProjectType, OrderView, Position } from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { CommandContext } from '../../shared/command-context.js';
import { orderViewFromMarket } from './place-order.handler.js';

export interface CancelOrderResult {
  readonly position: Position;
  readonly replayed: boolean;
  /** The order as its market holds it right after the command, in the order book's shape. */
  readonly order: OrderView | undefined;
}

export class CancelOrderCommand extends Command<CancelOrderResult> {
  constructor(
    readonly orderId: string,
    /** The order's market, from the order book read model. */
    readonly market: { readonly projectType: CreditProjectType; readonly vintage: number },
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Cancels what has not traded; a sell order's remaining escrow goes back to the seller. */
@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(@Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore) {}

  async execute({ orderId, market, isAdmin, context }: CancelOrderCommand): Promise<CancelOrderResult> {
    const outcome = await this.markets.execute(
      market.projectType,
      market.vintage,
      { type: 'CancelOrder', orderId, requestedBy: context.actor.userId, isAdmin },
      context,
      (state) => orderViewFromMarket(state, orderId, market),
    );
    return { position: outcome.position, replayed: outcome.replayed, order: outcome.result };
  }
}
