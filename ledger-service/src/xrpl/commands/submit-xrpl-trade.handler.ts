import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ammPoolReserves, type EventStore, type XrplSubmitRequest, type XrplTradeResponse } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { poolReservesAfter, xrpSpentBy } from '../ledger-amounts.js';
import { notApplied, submitInOrder } from '../signing/signed-submission.js';
import { recordedXrplAction, recordXrplAction } from '../signing/xrpl-action-log.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { tradePreparationData } from './prepare-xrpl-trade.handler.js';

export class SubmitXrplTradeCommand extends Command<XrplTradeResponse> {
  constructor(
    readonly submission: XrplSubmitRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

function deliveredValue(meta: unknown, fallback: string): string {
  const delivered = meta && typeof meta === 'object' && 'delivered_amount' in meta ? meta.delivered_amount : undefined;
  return delivered && typeof delivered === 'object' && 'value' in delivered && typeof delivered.value === 'string' ? delivered.value : fallback;
}

/** Submits the buyer's signed (TrustSet and) AMM Payment and records XrplCreditsSwapped. */
@CommandHandler(SubmitXrplTradeCommand)
export class SubmitXrplTradeHandler implements ICommandHandler<SubmitXrplTradeCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ submission, context }: SubmitXrplTradeCommand): Promise<XrplTradeResponse> {
    const userId = context.actor.userId;
    const prepared = await this.preparations.open(submission.preparation, 'trade', tradePreparationData, context);
    const { form } = prepared.data;

    const outcome = await submitInOrder(this.gateway, prepared.transactions, submission.signedTransactions, prepared.xrplAddress);
    const payment = outcome.applied.find((transaction) => transaction.transactionType === 'Payment');
    if (outcome.failed || !payment) throw notApplied(outcome.failed ?? { transactionType: 'Payment', result: 'not submitted' }, outcome.applied);
    const trustSet = outcome.applied.find((transaction) => transaction.transactionType === 'TrustSet');

    const earlier = await recordedXrplAction(this.eventStore, payment.hash);
    if (earlier?.type === 'XrplCreditsSwapped') {
      return { txHash: payment.hash, amount: earlier.data.creditAmount, requiresKyc: false, xrpDrops: earlier.data.xrpDrops };
    }
    const amount = deliveredValue(payment.meta, String(form.amountCRC));
    const xrpDrops = xrpSpentBy(payment.meta, prepared.xrplAddress, payment.fee).toString();
    // The pool's reserves history is drawn from these; a value the contract cannot hold is left out, not the swap.
    const poolAfter = ammPoolReserves.safeParse(poolReservesAfter(payment.meta, this.gateway.wallets.issuer.address));
    await recordXrplAction(
      this.eventStore,
      payment.hash,
      {
        type: 'XrplCreditsSwapped',
        data: {
          txHash: payment.hash,
          account: prepared.xrplAddress,
          userId,
          sellerAddress: form.sellerAddress,
          creditId: form.creditId,
          creditAmount: amount,
          xrpDrops,
          ...(poolAfter.success ? { poolAfter: poolAfter.data } : {}),
          executedAt: context.now.toISOString(),
        },
      },
      context,
    );
    return { txHash: payment.hash, amount, requiresKyc: false, xrpDrops, ...(trustSet ? { trustSetTxHash: trustSet.hash } : {}) };
  }
}
