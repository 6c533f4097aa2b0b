import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, isOrderEvent, orderStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { executeOnStream, type StreamCommandResult } from '../../shared/stream-command.js';
import { decideOrder, evolveOrder, initialOrderState } from '../orders.decider.js';

export class CancelOrderCommand extends Command<StreamCommandResult> {
  constructor(
    readonly orderId: string,
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ orderId, isAdmin, context }: CancelOrderCommand): Promise<StreamCommandResult> {
    return executeOnStream({
      eventStore: this.eventStore,
      streamId: orderStreamId(orderId),
      context,
      initial: initialOrderState,
      accepts: isOrderEvent,
      evolve: evolveOrder,
      decide: (state) =>
        decideOrder({ type: 'CancelOrder', orderId, requestedBy: context.actor.userId, isAdmin }, state, context.now),
    });
  }
}
