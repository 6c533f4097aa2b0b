import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CreatePortfolioCommandInput, type EventStore, portfolioStreamId, type Position } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { handleCommand } from '../../shared/handle-command.js';
import { portfolioDecider } from '../portfolio.decider.js';

export interface CreatePortfolioResult {
  readonly portfolioId: string;
  readonly position: Position;
  readonly replayed: boolean;
}

export class CreatePortfolioCommand extends Command<CreatePortfolioResult> {
  constructor(
    readonly request: CreatePortfolioCommandInput,
    readonly ownerId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CreatePortfolioCommand)
export class CreatePortfolioHandler implements ICommandHandler<CreatePortfolioCommand> {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  async execute({ request, ownerId, context }: CreatePortfolioCommand): Promise<CreatePortfolioResult> {
    // Derived from the command id, so a retried request lands on the same portfolio.
    const portfolioId = deriveId(context.commandId, 'portfolio');
    const result = await handleCommand(this.eventStore, portfolioStreamId(portfolioId), portfolioDecider, {
      command: { type: 'CreatePortfolio', portfolioId, ownerId, request },
      context,
    });
    return { portfolioId, position: result.position, replayed: result.replayed };
  }
}
