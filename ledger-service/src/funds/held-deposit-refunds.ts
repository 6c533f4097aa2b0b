import {
  type DepositHeld,
  DuplicateEventId,
  type EventStore,
  heldDepositStreamId,
  type HeldDepositRefundRequested,
  type Position,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { handleCommand, retryOnConflict } from '../shared/handle-command.js';
import type { PlatformSubmissions } from '../shared/platform-submissions.js';
import { heldDepositDecider, type HeldDepositState } from './held-deposits.decider.js';
import { paymentFromDepositAddress } from './settlement-token.js';

/** Reads of the deposit's stream before an outcome another settler recorded first is seen as a replay. */
const MAX_RECORD_TRIES = 3;

/** The cause a refund attempt's payment is claimed under: each attempt pays at most once. */
export function refundSubmissionKey(request: HeldDepositRefundRequested['data']): string {
  return `held-deposit-refund:${request.txHash}:${request.attempt}`;
}

/**
 * Pays a held deposit back to its sender from the deposit address, in the currency and issuer it
 * came in, at most once per attempt (the payment is claimed in the log before it is submitted),
 * then records what the ledger said in the deposit's stream: refunded when the payment validated,
 * failed (held again) when the ledger refused it. The request handler and the recovery reaction
 * both call it; whichever comes second finds the same payment and records nothing new. An error
 * (the ledger unreachable) records nothing: the attempt stays under way for the reaction.
 */
export class HeldDepositRefunds {
  constructor(
    private readonly eventStore: EventStore,
    private readonly gateway: XrplGateway,
    private readonly submissions: PlatformSubmissions,
  ) {}

  async settle(
    held: DepositHeld['data'],
    request: HeldDepositRefundRequested['data'],
    context: Omit<CommandContext, 'commandId'>,
  ): Promise<{ state: HeldDepositState; position: Position }> {
    const outcome = await this.submissions.outcomeOf({
      key: refundSubmissionKey(request),
      role: 'deposit',
      // Back in the currency and from the issuer it came in.
      transaction: paymentFromDepositAddress(this.gateway, request.destination, held, request.amountCents),
      purpose: `Refund of held deposit ${request.txHash}`,
    });
    const refunded = outcome.validated && outcome.result === 'tesSUCCESS';
    const record = () =>
      handleCommand(this.eventStore, heldDepositStreamId(request.txHash), heldDepositDecider, {
        command: {
          type: 'RecordRefundOutcome',
          attempt: request.attempt,
          outcome: refunded
            ? { refunded: true, refundTxHash: outcome.hash }
            : { refunded: false, reason: `the payment failed on the ledger: ${outcome.result}` },
        },
        context: { ...context, commandId: deriveId(`${request.txHash}:${request.attempt}`, 'funds:held-deposit-refund-outcome') },
      });
    // Another settler of this attempt (a concurrent request, the reaction) may record it first: read afresh, it is a replay.
    const recorded = await retryOnConflict(MAX_RECORD_TRIES, record, (error) => error instanceof WrongExpectedVersion || error instanceof DuplicateEventId);
    return { state: recorded.newState, position: recorded.position };
  }
}
