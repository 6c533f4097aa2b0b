import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, heldDepositStreamId, type HeldDepositView, type Position } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { aggregateStream, handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { HeldDepositRefunds } from '../held-deposit-refunds.js';
import { heldDepositDecider } from '../held-deposits.decider.js';
import { heldDepositViewOf } from '../queries/list-held-deposits.handler.js';

export class RefundHeldDepositCommand extends Command<{ readonly deposit: HeldDepositView; readonly position: Position }> {
  constructor(
    readonly txHash: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Two officers deciding one held deposit at once: the later one decides again on the stream read afresh. */
const MAX_CONFLICT_RETRIES = 3;

/**
 * Compliance sends a held deposit back to its sender: the refund is decided in the deposit's own
 * stream (refused once it was assigned; asked again while under way or done, the same refund),
 * then paid and its outcome recorded (HeldDepositRefunds). If the process dies in between, the
 * reaction `refund-held-deposit-when-requested` settles it from the log.
 */
@CommandHandler(RefundHeldDepositCommand)
export class RefundHeldDepositHandler implements ICommandHandler<RefundHeldDepositCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly refunds: HeldDepositRefunds,
  ) {}

  async execute({ txHash, context }: RefundHeldDepositCommand): Promise<{ deposit: HeldDepositView; position: Position }> {
    const streamId = heldDepositStreamId(txHash);
    return retryOnConflict(MAX_CONFLICT_RETRIES, async () => {
      const stream = await aggregateStream(this.eventStore, streamId, heldDepositDecider);
      const { held } = stream.state;
      if (!held) throw new DomainError('NotFound', `No deposit ${txHash} is held for review`);
      const decided = await handleCommand(
        this.eventStore,
        streamId,
        heldDepositDecider,
        { command: { type: 'RefundHeldDeposit', txHash, requestedBy: context.actor.userId }, context },
        { stream },
      );
      const request = decided.newState.refunding;
      if (!request) return { deposit: heldDepositViewOf(held, decided.newState), position: decided.position };
      const settled = await this.refunds.settle(held, request, {
        actor: context.actor,
        correlationId: context.correlationId,
        causationId: context.commandId,
        now: context.now,
      });
      return { deposit: heldDepositViewOf(held, settled.state), position: settled.position };
    });
  }
}
