import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type HeldDepositView, type Position } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { HeldDepositRefunds } from '../held-deposit-refunds.js';
import { decideOnHeldDeposit } from '../held-deposit-decisions.js';
import { heldDepositViewOf } from '../queries/list-held-deposits.handler.js';

export class RefundHeldDepositCommand extends Command<{ readonly deposit: HeldDepositView; readonly position: Position }> {
  constructor(
    readonly txHash: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

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
    return decideOnHeldDeposit(
      this.eventStore,
      txHash,
      { command: { type: 'RefundHeldDeposit', txHash, requestedBy: context.actor.userId }, context },
      async ({ held, decided }) => {
        const request = decided.newState.refunding;
        if (!request) return { deposit: heldDepositViewOf(held, decided.newState), position: decided.position };
        const settled = await this.refunds.settle(held, request, {
          actor: context.actor,
          correlationId: context.correlationId,
          causationId: context.commandId,
          now: context.now,
        });
        return { deposit: heldDepositViewOf(held, settled.state), position: settled.position };
      },
    );
  }
}
