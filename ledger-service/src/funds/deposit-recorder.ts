import { type Actor, type EventStore, fundsStreamId, type Position, START } from '@carbon-ledger/contracts';
import { deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { handleCommand } from '../shared/handle-command.js';
import { DepositTags } from './deposit-tags.js';
import { fundsDecider } from './funds.decider.js';

/** A validated payment of the settlement token to the deposit address, as the ledger reported it. */
export interface IncomingPayment {
  readonly txHash: string;
  readonly destinationTag: number | undefined;
  readonly amountCents: number;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly now: Date;
}

/**
 * Credits the user whose destination tag a validated deposit carries, once per transaction hash:
 * the command id derives from the hash, so the faucet, a watcher and a restart record it once.
 */
export class DepositRecorder {
  constructor(
    private readonly eventStore: EventStore,
    private readonly tags: DepositTags,
  ) {}

  async record(payment: IncomingPayment): Promise<Position> {
    const userId = payment.destinationTag === undefined ? undefined : await this.tags.userOf(payment.destinationTag);
    // A payment without a known tag is nobody's deposit yet: it waits for compliance review.
    if (!userId) throw new DomainError('Conflict', `Deposit ${payment.txHash} carries no destination tag of a user; it is held for compliance review`);
    const commandId = deriveId(payment.txHash, 'funds:deposit');
    const result = await handleCommand(this.eventStore, fundsStreamId(userId), fundsDecider, {
      command: { type: 'RecordDeposit', depositId: deriveId(payment.txHash, 'deposit'), userId, amountCents: payment.amountCents, txHash: payment.txHash },
      context: { commandId, correlationId: payment.correlationId, causationId: commandId, actor: payment.actor, now: payment.now },
    });
    return result.position ?? START;
  }
}
