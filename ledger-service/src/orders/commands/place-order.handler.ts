import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PlaceOrderRequest, Position } from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';

export interface PlaceOrderResult {
  readonly orderId: string;
  readonly position: Position;
  readonly replayed: boolean;
  /** Credits traded while placing (matched against the book). */
  readonly filled: number;
}

export class PlaceOrderCommand extends Command<PlaceOrderResult> {
  constructor(
    readonly order: PlaceOrderRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Places the order on its market (project type + vintage) and matches it there, in one append. */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(@Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore) {}

  async execute({ order, context }: PlaceOrderCommand): Promise<PlaceOrderResult> {
    // Derived from the command id, so a retried request lands on the same order.
    const orderId = deriveId(context.commandId, 'order');
    const outcome = await this.markets.execute(
      order.projectType,
      order.vintage,
      { type: 'PlaceOrder', orderId, ownerId: context.actor.userId, order },
      context,
      (state) => {
        const placed = state.orders.get(orderId);
        return placed ? placed.amount - placed.remaining : 0;
      },
    );
    return { orderId, position: outcome.position, replayed: outcome.replayed, filled: outcome.result };
  }
}
