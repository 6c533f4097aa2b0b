import type { Position, WithdrawalRequested } from '@carbon-ledger/contracts';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import type { PlatformSubmissions } from '../shared/platform-submissions.js';
import type { FundedOrders } from './funded-orders.js';
import { paymentFromDepositAddress, type SettlementToken } from './settlement-token.js';

/**
 * Pays a requested withdrawal out on XRPL from the deposit address, exactly once (the payment is
 * claimed in the log under the withdrawal's id before it is submitted), then records the outcome in
 * the user's cash stream: posted when the payment validated, voided (the hold given back) when the
 * ledger refused it. The request handler and the recovery reaction both call it; whichever comes
 * second finds the same transaction and records nothing new.
 */
export class WithdrawalSettlement {
  constructor(
    private readonly gateway: XrplGateway,
    private readonly submissions: PlatformSubmissions,
    private readonly funded: FundedOrders,
    private readonly token: () => SettlementToken | undefined,
  ) {}

  async settle(
    withdrawal: WithdrawalRequested['data'],
    context: Omit<CommandContext, 'commandId'>,
  ): Promise<{ posted: boolean; txHash?: string; result: string; position: Position }> {
    const token = this.token();
    const record = (command: Parameters<FundedOrders['recordInCashStream']>[1], purpose: string) =>
      this.funded.recordInCashStream(withdrawal.userId, command, { ...context, commandId: deriveId(withdrawal.withdrawalId, purpose) });
    if (!token) {
      const voided = await record(
        () => ({ type: 'VoidWithdrawal', withdrawalId: withdrawal.withdrawalId, reason: 'no settlement token is configured on this network' }),
        'funds:withdrawal-void',
      );
      return { posted: false, result: 'notConfigured', position: voided.position };
    }
    const payment = paymentFromDepositAddress(this.gateway, withdrawal.destination, token, withdrawal.amountCents);
    // Applied or refused; an error (the ledger unreachable) leaves the withdrawal pending for the recovery reaction.
    const outcome = await this.submissions.outcomeOf({
      key: `funds-withdrawal:${withdrawal.withdrawalId}`,
      role: 'deposit',
      transaction: payment,
      purpose: `Withdrawal ${withdrawal.withdrawalId}`,
    });
    if (outcome.validated && outcome.result === 'tesSUCCESS') {
      const posted = await record(() => ({ type: 'PostWithdrawal', withdrawalId: withdrawal.withdrawalId, txHash: outcome.hash }), 'funds:withdrawal-post');
      return { posted: true, txHash: outcome.hash, result: outcome.result, position: posted.position };
    }
    const voided = await record(
      () => ({ type: 'VoidWithdrawal', withdrawalId: withdrawal.withdrawalId, reason: `the payment failed on the ledger: ${outcome.result}` }),
      'funds:withdrawal-void',
    );
    return { posted: false, txHash: outcome.hash, result: outcome.result, position: voided.position };
  }
}
