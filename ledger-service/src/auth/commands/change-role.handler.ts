import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, isAuthEvent, type Role, userStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { executeOnStream, type StreamCommandResult } from '../../shared/stream-command.js';
import { decideUser, evolveUser, initialUserState } from '../auth.decider.js';

export class ChangeRoleCommand extends Command<StreamCommandResult> {
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

  execute({ change, userId, role, context }: ChangeRoleCommand): Promise<StreamCommandResult> {
    return executeOnStream({
      eventStore: this.eventStore,
      streamId: userStreamId(userId),
      context,
      initial: initialUserState,
      accepts: isAuthEvent,
      evolve: evolveUser,
      decide: (state) =>
        decideUser(
          change === 'grant'
            ? { type: 'GrantRole', userId, role }
            : { type: 'RevokeRole', userId, role, requestedBy: context.actor.userId },
          state,
          context.now,
        ),
    });
  }
}
