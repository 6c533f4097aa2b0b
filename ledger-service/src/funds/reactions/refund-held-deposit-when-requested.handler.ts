import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, heldDepositStreamId, isFundsEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { aggregateStream } from '../../shared/handle-command.js';
import { HeldDepositRefunds } from '../held-deposit-refunds.js';
import { heldDepositDecider } from '../held-deposits.decider.js';

/**
 * A refund whose request died before its payment was settled (a crash, the ledger unreachable) is
 * settled from the log: the same claimed payment, so the sender is paid back at most once.
 */
@Injectable()
@LogReaction()
export class RefundHeldDepositWhenRequested implements Reaction {
  readonly name = 'refund-held-deposit-when-requested';
  readonly eventTypes: ReadonlySet<string> = new Set(['HeldDepositRefundRequested']);

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly refunds: HeldDepositRefunds,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isFundsEvent(event) || event.type !== 'HeldDepositRefundRequested') return;
    const { state } = await aggregateStream(this.eventStore, heldDepositStreamId(event.data.txHash), heldDepositDecider);
    // Settled already (by the request, or an earlier run of this reaction).
    if (!state.held || state.refunding?.attempt !== event.data.attempt) return;
    await this.refunds.settle(state.held, event.data, {
      correlationId: event.metadata.correlationId,
      causationId: event.eventId,
      actor: event.metadata.actor,
      now: new Date(),
    });
  }
}
