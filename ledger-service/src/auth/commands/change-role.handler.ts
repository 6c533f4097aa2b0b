import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type Role, userStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { handleCommand, type Recorded } from '../../shared/handle-command.js';
import { userDecider } from '../auth.decider.js';

export class ChangeRoleCommand extends Command<Recorded> {
  constructor(
    readonly change: 'grant' | 'revoke',
    readonly userId: string,
    readonly role: Role,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeRoleCommand)
export class ChangeRoleHandler implements ICommandHandler<ChangeRoleCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  execute({ change, userId, role, context }: ChangeRoleCommand): Promise<Recorded> {
    const command =
      change === 'grant' ? ({ type: 'GrantRole', userId, role } as const) : ({ type: 'RevokeRole', userId, role, requestedBy: context.actor.userId } as const);
    return handleCommand(this.eventStore, userStreamId(userId), userDecider, { command, context });
  }
}
