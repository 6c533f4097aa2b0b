import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CancelCreditsCommand as CancelRequest, marketOfTokenId, type Position } from '@carbon-ledger/contracts';
import { describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

export interface CancelCreditsResult {
  readonly cancellationId: string;
  readonly quantity: number;
  readonly serialRanges: string[];
  readonly position: Position;
}

export class CancelCreditsCommand extends Command<CancelCreditsResult> {
  constructor(
    readonly request: CancelRequest,
    readonly context: CommandContext,
    /** The caller holds the role registry or is an administrator: any account, any reason. */
    readonly asRegistry: boolean,
  ) {
    super();
  }
}

/** Cancels tradable serials of a batch, lowest first, without a claim (docs/cancellations-and-reversals.md). */
@CommandHandler(CancelCreditsCommand)
export class CancelCreditsHandler implements ICommandHandler<CancelCreditsCommand> {
  constructor(@Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore) {}

  async execute({ request, context, asRegistry }: CancelCreditsCommand): Promise<CancelCreditsResult> {
    const market = marketOfTokenId(request.tokenId);
    if (!market) throw new DomainError('NotFound', `No credits found for token ${request.tokenId}`);
    if (request.reason === 'reversal') {
      throw new DomainError(
        'ValidationFailed',
        "A reversal is recorded on its project (POST /api/projects/{id}/reversals): the buffer pool's credits are cancelled for it",
      );
    }
    const cancellationId = deriveId(context.commandId, 'cancellation');
    const outcome = await this.markets.execute(
      market.projectType,
      market.vintage,
      {
        type: 'CancelCredits',
        cancellationId,
        batchId: request.tokenId,
        accountId: request.accountId ?? context.actor.userId,
        quantity: request.amount,
        reason: request.reason,
        note: request.note,
        cancelledBy: context.actor.userId,
        asRegistry,
      },
      context,
      (state, events) => {
        const cancelled = events.find((event) => event.type === 'CreditsCancelled' && event.data.cancellationId === cancellationId);
        return cancelled?.type === 'CreditsCancelled' ? describeRanges(state, cancelled.data.ranges) : [];
      },
    );
    return { cancellationId, quantity: request.amount, serialRanges: outcome.result, position: outcome.position };
  }
}
