import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, isKycEvent, kycStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { executeOnStream, type StreamCommandResult } from '../../shared/stream-command.js';
import { decideKyc, evolveKyc, initialKycState } from '../kyc.decider.js';

export class ExpireKycCommand extends Command<StreamCommandResult> {
  constructor(
    readonly address: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ExpireKycCommand)
export class ExpireKycHandler implements ICommandHandler<ExpireKycCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ address, context }: ExpireKycCommand): Promise<StreamCommandResult> {
    return executeOnStream({
      eventStore: this.eventStore,
      streamId: kycStreamId(address),
      context,
      initial: initialKycState,
      accepts: isKycEvent,
      evolve: evolveKyc,
      decide: (state) => decideKyc({ type: 'ExpireKyc', address }, state, context.now),
    });
  }
}
