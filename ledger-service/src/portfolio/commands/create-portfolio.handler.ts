import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CreatePortfolioCommandInput, type EventStore, isPortfolioEvent, portfolioStreamId, type Position } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { executeOnStream } from '../../shared/stream-command.js';
import { decidePortfolio, evolvePortfolio, initialPortfolioState } from '../portfolio.decider.js';

export interface CreatePortfolioResult {
  readonly portfolioId: string;
  readonly position: Position;
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
    const result = await executeOnStream({
      eventStore: this.eventStore,
      streamId: portfolioStreamId(portfolioId),
      context,
      initial: initialPortfolioState,
      accepts: isPortfolioEvent,
      evolve: evolvePortfolio,
      decide: (state) => decidePortfolio({ type: 'CreatePortfolio', portfolioId, ownerId, request }, state, context),
    });
    return { portfolioId, position: result.position };
  }
}
