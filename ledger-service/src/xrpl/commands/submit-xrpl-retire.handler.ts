import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type XrplRetireResponse, type XrplSubmitRequest } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { recordXrplActionOnce } from '../signing/xrpl-action-log.js';
import { submitNxccReturn } from '../vault/nxcc-return.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { retirePreparationData } from './prepare-xrpl-retire.handler.js';

export class SubmitXrplRetireCommand extends Command<XrplRetireResponse> {
  constructor(
    readonly submission: XrplSubmitRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Submits the owner's signed token return (and NFT burn) and records
 * XrplCreditsBurned; the credits capability retires the serials from it. Tokens
 * returned on the ledger are recorded even when the NFT burn after them fails.
 */
@CommandHandler(SubmitXrplRetireCommand)
export class SubmitXrplRetireHandler implements ICommandHandler<SubmitXrplRetireCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ submission, context }: SubmitXrplRetireCommand): Promise<XrplRetireResponse> {
    const userId = context.actor.userId;
    const prepared = await this.preparations.open(submission.preparation, 'retire', retirePreparationData, context);
    const { form, tokenId } = prepared.data;

    const { payment, outcome } = await submitNxccReturn(this.gateway, prepared, submission.signedTransactions);
    const nftBurn = outcome.applied.find((transaction) => transaction.transactionType === 'NFTokenBurn');
    await recordXrplActionOnce(
      this.eventStore,
      payment.hash,
      {
        type: 'XrplCreditsBurned',
        data: {
          txHash: payment.hash,
          account: prepared.xrplAddress,
          userId,
          tokenId,
          tokenAmount: form.tokenAmount,
          ...(form.nftId ? { nftId: form.nftId } : {}),
          ...(nftBurn ? { nftBurnTxHash: nftBurn.hash } : {}),
          purpose: form.purpose,
          use: form.use,
          burnedAt: context.now.toISOString(),
        },
      },
      context,
    );
    if (outcome.failed) {
      throw new DomainError(
        'Conflict',
        `Burned ${form.tokenAmount} tokens (${payment.hash}), but XRPL ${outcome.failed.transactionType} was not applied: ${outcome.failed.result}`,
      );
    }
    return { success: true, txHash: payment.hash, burned: form.tokenAmount, ...(nftBurn ? { nftBurnTxHash: nftBurn.hash } : {}), tokenId };
  }
}
