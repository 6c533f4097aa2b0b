import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type HeldDepositView, type Position } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { DepositRecorder } from '../deposit-recorder.js';
import { DepositTags } from '../deposit-tags.js';
import { decideOnHeldDeposit } from '../held-deposit-decisions.js';
import type { HeldDepositState } from '../held-deposits.decider.js';
import { heldDepositViewOf } from '../queries/list-held-deposits.handler.js';

export class AssignHeldDepositCommand extends Command<{ readonly deposit: HeldDepositView; readonly position: Position }> {
  constructor(
    readonly txHash: string,
    readonly userId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Compliance credits a held deposit to a user: the assignment is decided once in the deposit's own
 * stream (the same user again is a replay, another user 409), then credited as the user's
 * FundsDeposited under the hash's command id. If the process dies in between, the reaction
 * `credit-deposit-when-held-deposit-assigned` credits it from the log.
 */
@CommandHandler(AssignHeldDepositCommand)
export class AssignHeldDepositHandler implements ICommandHandler<AssignHeldDepositCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    private readonly deposits: DepositRecorder,
    private readonly tags: DepositTags,
  ) {}

  async execute({ txHash, userId, context }: AssignHeldDepositCommand): Promise<{ deposit: HeldDepositView; position: Position }> {
    const user = await this.db.selectFrom('users').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    if (!user) throw new DomainError('NotFound', `No user ${userId}`);
    return decideOnHeldDeposit(
      this.eventStore,
      txHash,
      { command: { type: 'AssignHeldDeposit', txHash, userId, assignedBy: context.actor.userId }, context },
      async ({ held, decided }) => {
        const state = decided.newState;
        if (!state.assigned) throw new Error(`held deposit ${txHash} has no assignment after deciding one`);
        const credit = await this.deposits.credit(userId, txHash, held.amountCents, {
          actor: context.actor,
          correlationId: context.correlationId,
          causationId: context.commandId,
          now: context.now,
        });
        if (credit.kind === 'credited-elsewhere') throw new DomainError('Conflict', `Deposit ${txHash} was already credited to another account`);
        return { deposit: heldDepositViewOf(held, state), position: credit.position };
      },
      (state) => this.refuseIfCreditedToTagOwner(state),
    );
  }

  /**
   * The watcher credits a tag's owner before it would hold a payment; a tag claimed while two
   * watchers were at the same payment could leave it held and credited. The log-wide event id already
   * refuses a second credit; this refuses the assignment before it is recorded.
   */
  private async refuseIfCreditedToTagOwner(state: HeldDepositState): Promise<void> {
    const tag = state.held?.destinationTag;
    if (state.assigned || tag === undefined || !state.held) return;
    const owner = await this.tags.userOf(tag);
    if (owner && (await this.deposits.creditedTo(owner, state.held.txHash))) {
      throw new DomainError('Conflict', `Deposit ${state.held.txHash} was already credited to the owner of destination tag ${tag}`);
    }
  }
}
