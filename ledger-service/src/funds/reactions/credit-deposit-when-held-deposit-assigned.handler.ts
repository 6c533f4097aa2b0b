import { Injectable, Logger } from '@nestjs/common';
import { isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { DepositRecorder } from '../deposit-recorder.js';

/**
 * An assignment whose request died before the user was credited is credited from the log: the same
 * command id (from the hash), so the request and this reaction credit it once between them.
 */
@Injectable()
@LogReaction()
export class CreditDepositWhenHeldDepositAssigned implements Reaction {
  readonly name = 'credit-deposit-when-held-deposit-assigned';
  readonly eventTypes: ReadonlySet<string> = new Set(['HeldDepositAssigned']);
  private readonly logger = new Logger('Deposits');

  constructor(private readonly deposits: DepositRecorder) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isFundsEvent(event) || event.type !== 'HeldDepositAssigned') return;
    const { data } = event;
    const outcome = await this.deposits.credit(data.userId, data.txHash, data.amountCents, {
      actor: event.metadata.actor,
      correlationId: event.metadata.correlationId,
      causationId: event.eventId,
      now: new Date(data.assignedAt),
    });
    // Never stall the reaction on it: the log-wide event id already refused the second credit.
    if (outcome.kind === 'credited-elsewhere')
      this.logger.error(`held deposit ${data.txHash} assigned to ${data.userId} was credited to another account before`);
  }
}
