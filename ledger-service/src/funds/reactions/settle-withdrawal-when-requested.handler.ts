import { Injectable } from '@nestjs/common';
import { isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { WithdrawalSettlement } from '../withdrawals.js';

/**
 * A withdrawal whose request died before its payment was settled (a crash, the ledger unreachable)
 * is settled from the log: the same claimed payment, so it is paid at most once.
 */
@Injectable()
@LogReaction()
export class SettleWithdrawalWhenRequested implements Reaction {
  readonly name = 'settle-withdrawal-when-requested';
  readonly eventTypes: ReadonlySet<string> = new Set(['WithdrawalRequested']);

  constructor(private readonly settlement: WithdrawalSettlement) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isFundsEvent(event) || event.type !== 'WithdrawalRequested') return;
    await this.settlement.settle(event.data, {
      correlationId: event.metadata.correlationId,
      causationId: event.eventId,
      actor: event.metadata.actor,
      now: new Date(event.data.requestedAt),
    });
  }
}
