import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, isOrderEvent, orderStreamId, type PlaceOrderRequest } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { executeOnStream, type StreamCommandResult } from '../../shared/stream-command.js';
import { decideOrder, evolveOrder, initialOrderState } from '../orders.decider.js';

export class PlaceOrderCommand extends Command<StreamCommandResult & { orderId: string }> {
  constructor(
    readonly order: PlaceOrderRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ order, context }: PlaceOrderCommand): Promise<StreamCommandResult & { orderId: string }> {
    // Derived from the command id, so a retried request lands on the same order.
    const orderId = deriveId(context.commandId, 'order');
    const result = await executeOnStream({
      eventStore: this.eventStore,
      streamId: orderStreamId(orderId),
      context,
      initial: initialOrderState,
      accepts: isOrderEvent,
      evolve: evolveOrder,
      decide: (state) =>
        decideOrder({ type: 'PlaceOrder', orderId, ownerId: context.actor.userId, order }, state, context.now),
    });
    return { ...result, orderId };
  }
}
