import { type DepositHeld, type EventStore, heldDepositStreamId, type HeldDepositRefundRequested, type Position } from '@carbon-ledger/contracts';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { handleCommand } from '../shared/handle-command.js';
import type { PlatformSubmissions } from '../shared/platform-submissions.js';
import { heldDepositDecider, type HeldDepositState } from './held-deposits.decider.js';
import { paymentFromDepositAddress } from './settlement-token.js';

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
    const recorded = await handleCommand(this.eventStore, heldDepositStreamId(request.txHash), heldDepositDecider, {
      command: {
        type: 'RecordRefundOutcome',
        attempt: request.attempt,
        outcome: refunded ? { refunded: true, refundTxHash: outcome.hash } : { refunded: false, reason: `the payment failed on the ledger: ${outcome.result}` },
      },
      context: { ...context, commandId: deriveId(`${request.txHash}:${request.attempt}`, 'funds:held-deposit-refund-outcome') },
    });
    return { state: recorded.newState, position: recorded.position };
  }
}
