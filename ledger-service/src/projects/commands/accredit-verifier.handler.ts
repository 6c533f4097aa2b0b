import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CreditProjectType, type EventStore, type Position, verifierStreamId } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { verifierDecider } from '../verifier-accreditation.decider.js';

export class AccreditVerifierCommand extends Command<{ position: Position; replayed: boolean }> {
  constructor(
    readonly verifierId: string,
    readonly projectTypes: readonly CreditProjectType[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AccreditVerifierCommand)
export class AccreditVerifierHandler implements ICommandHandler<AccreditVerifierCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ verifierId, projectTypes, context }: AccreditVerifierCommand): Promise<{ position: Position; replayed: boolean }> {
    const result = await retryOnConflict(3, () =>
      handleCommand(this.eventStore, verifierStreamId(verifierId), verifierDecider, {
        command: { type: 'AccreditVerifier', verifierId, projectTypes, accreditedBy: context.actor.userId },
        context,
      }),
    );
    return { position: result.position, replayed: result.replayed };
  }
}
