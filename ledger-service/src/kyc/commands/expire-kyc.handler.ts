import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, kycStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { handleCommand, type Recorded } from '../../shared/handle-command.js';
import { kycDecider } from '../kyc.decider.js';

export class ExpireKycCommand extends Command<Recorded> {
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

  execute({ address, context }: ExpireKycCommand): Promise<Recorded> {
    return handleCommand(this.eventStore, kycStreamId(address), kycDecider, { command: { type: 'ExpireKyc', address }, context });
  }
}
