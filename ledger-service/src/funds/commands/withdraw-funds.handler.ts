import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { formatUsdCents, type Position, priceToCents, type WithdrawFundsRequest, type WithdrawFundsResponse } from '@carbon-ledger/contracts';
import { FUNDED_BUYS } from '../../credit-market/funded-buys.port.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import type { FundedOrders } from '../funded-orders.js';
import { WithdrawalSettlement } from '../withdrawals.js';

export class WithdrawFundsCommand extends Command<{ readonly answer: WithdrawFundsResponse; readonly position: Position }> {
  constructor(
    readonly request: WithdrawFundsRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A withdrawal to one of the caller's own KYC-verified, AML-screened addresses: the amount is held
 * (a pending transfer, refused 409 with the available balance when short), paid out on XRPL, and
 * posted or voided by the ledger's answer.
 */
@CommandHandler(WithdrawFundsCommand)
export class WithdrawFundsHandler implements ICommandHandler<WithdrawFundsCommand> {
  constructor(
    @Inject(FUNDED_BUYS) private readonly funded: FundedOrders,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
    private readonly settlement: WithdrawalSettlement,
  ) {}

  async execute({ request, context }: WithdrawFundsCommand): Promise<{ answer: WithdrawFundsResponse; position: Position }> {
    const userId = context.actor.userId;
    await this.kyc.requireKyc({ address: request.xrplAddress, userId, requireAml: true, now: context.now });
    const withdrawalId = deriveId(context.commandId, 'funds:withdrawal');
    const amountCents = priceToCents(request.amount);
    await this.funded.recordInCashStream(
      userId,
      (marketCreditsCents) => ({ type: 'RequestWithdrawal', withdrawalId, userId, amountCents, destination: request.xrplAddress, marketCreditsCents }),
      { ...context, commandId: deriveId(context.commandId, 'funds:withdraw') },
    );
    const outcome = await this.settlement.settle(
      { withdrawalId, userId, amountCents, destination: request.xrplAddress, requestedAt: context.now.toISOString() },
      { correlationId: context.correlationId, causationId: context.commandId, actor: context.actor, now: context.now },
    );
    const answer: WithdrawFundsResponse = {
      withdrawalId,
      amount: formatUsdCents(amountCents),
      destination: request.xrplAddress,
      status: outcome.posted ? 'posted' : 'voided',
      ...(outcome.txHash ? { txHash: outcome.txHash } : {}),
      result: outcome.result,
    };
    return { answer, position: outcome.position };
  }
}
