import {
  type Actor,
  DuplicateEventId,
  type EventStore,
  fundsStreamId,
  heldDepositStreamId,
  type Position,
  START,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { aggregateStream, handleCommand, knownStream } from '../shared/handle-command.js';
import { DepositTags } from './deposit-tags.js';
import type { IncomingDeposit } from './deposits/incoming-deposit.js';
import { fundsDecider } from './funds.decider.js';
import { heldDepositDecider } from './held-deposits.decider.js';

/** A validated payment of the settlement token to the deposit address, as the faucet saw it settle. */
export interface IncomingPayment {
  readonly txHash: string;
  readonly destinationTag: number | undefined;
  readonly amountCents: number;
  readonly actor: Actor;
  readonly correlationId: string;
  readonly now: Date;
}

/** What became of a payment: credited to the tag's owner, held for review, or already decided before. */
export type DepositOutcome =
  | { readonly kind: 'credited'; readonly userId: string; readonly position: Position }
  | { readonly kind: 'held'; readonly position: Position }
  | { readonly kind: 'already-held' }
  | { readonly kind: 'credited-elsewhere' };

/** Who records a deposit and when; the command id always derives from the transaction hash. */
export type DepositContext = Omit<CommandContext, 'commandId' | 'causationId'> & { readonly causationId?: string };

/** Another command on the user's cash stream (a buy's reservation) moved it on: decide again on the stream read afresh. */
const MAX_CONFLICT_RETRIES = 8;

/**
 * Credits a validated deposit to the user whose destination tag it carries, once per transaction
 * hash: the command id derives from the hash, and event ids are unique across the whole log, so
 * the faucet, the watcher, a restart and a compliance assignment credit a hash once between them,
 * to one user. A payment whose tag no user owns (or with no tag) is held for compliance review
 * in a stream of its own per hash instead.
 */
export class DepositRecorder {
  constructor(
    private readonly eventStore: EventStore,
    private readonly tags: DepositTags,
  ) {}

  /** The faucet's path: its own payment, to the caller's tag. */
  async record(payment: IncomingPayment): Promise<Position> {
    const userId = payment.destinationTag === undefined ? undefined : await this.tags.userOf(payment.destinationTag);
    if (!userId) throw new DomainError('Conflict', `Deposit ${payment.txHash} carries no destination tag of a user; it is held for compliance review`);
    const outcome = await this.credit(userId, payment.txHash, payment.amountCents, payment);
    if (outcome.kind !== 'credited') throw new DomainError('Conflict', `Deposit ${payment.txHash} was already credited to another account`);
    return outcome.position;
  }

  /** The watcher's path: any payment of the settlement token to the deposit address. */
  async receive(deposit: IncomingDeposit, context: DepositContext): Promise<DepositOutcome> {
    const heldStream = heldDepositStreamId(deposit.txHash);
    // Held once means held for good: only compliance decides whom it goes to, even if its tag is claimed later.
    if ((await this.eventStore.readStream(heldStream)).length > 0) return { kind: 'already-held' };
    const userId = deposit.destinationTag === undefined ? undefined : await this.tags.userOf(deposit.destinationTag);
    if (userId) return this.credit(userId, deposit.txHash, deposit.amountCents, context);
    const commandId = deriveId(deposit.txHash, 'funds:hold-deposit');
    try {
      const held = await handleCommand(
        this.eventStore,
        heldStream,
        heldDepositDecider,
        {
          command: {
            type: 'HoldDeposit',
            deposit: {
              txHash: deposit.txHash,
              sender: deposit.sender,
              ...(deposit.destinationTag === undefined ? {} : { destinationTag: deposit.destinationTag }),
              amountCents: deposit.amountCents,
              currency: deposit.currency,
              issuer: deposit.issuer,
              ledgerIndex: deposit.ledgerIndex,
              reason: deposit.destinationTag === undefined ? 'missing-tag' : 'unknown-tag',
            },
          },
          context: { actor: context.actor, correlationId: context.correlationId, causationId: context.causationId ?? commandId, now: context.now, commandId },
        },
        { stream: knownStream(heldDepositDecider, 'no_stream') },
      );
      return { kind: 'held', position: held.position };
    } catch (error) {
      if (error instanceof WrongExpectedVersion || error instanceof DuplicateEventId) return { kind: 'already-held' };
      throw error;
    }
  }

  /**
   * `FundsDeposited` in the user's cash stream under the command id of the hash. A hash already in
   * this stream is a replay; one already credited to another user collides on its event id, and
   * nothing is credited here.
   */
  async credit(
    userId: string,
    txHash: string,
    amountCents: number,
    context: DepositContext,
  ): Promise<Extract<DepositOutcome, { kind: 'credited' | 'credited-elsewhere' }>> {
    const commandId = deriveId(txHash, 'funds:deposit');
    let collided = false;
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await handleCommand(this.eventStore, fundsStreamId(userId), fundsDecider, {
          command: { type: 'RecordDeposit', depositId: deriveId(txHash, 'deposit'), userId, amountCents, txHash },
          context: { actor: context.actor, correlationId: context.correlationId, causationId: context.causationId ?? commandId, now: context.now, commandId },
        });
        return { kind: 'credited', userId, position: result.position ?? START };
      } catch (error) {
        // Read afresh, a collision with this stream's own event is a replay; a second one is another user's credit.
        if (error instanceof DuplicateEventId && !collided) {
          collided = true;
          continue;
        }
        if (error instanceof DuplicateEventId) return { kind: 'credited-elsewhere' };
        if (!(error instanceof WrongExpectedVersion) || attempt >= MAX_CONFLICT_RETRIES) throw error;
      }
    }
  }

  /** Whether the user's cash stream already holds a deposit of this hash. */
  async creditedTo(userId: string, txHash: string): Promise<boolean> {
    const stream = await aggregateStream(this.eventStore, fundsStreamId(userId), fundsDecider);
    return stream.state.deposits.has(txHash);
  }
}
