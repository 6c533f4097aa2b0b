import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type XrplRedeemResponse, type XrplSubmitRequest } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { recordXrplActionOnce } from '../signing/xrpl-action-log.js';
import { submitNxccReturn } from '../vault/nxcc-return.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { redeemPreparationData } from './prepare-xrpl-redeem.handler.js';

export class SubmitXrplRedeemCommand extends Command<XrplRedeemResponse> {
  constructor(
    readonly submission: XrplSubmitRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Submits the holder's signed NXCC payment to the issuer and records XrplCreditsRedeemed once
 * per transaction; the credits capability moves the serials out of the vault from it.
 */
@CommandHandler(SubmitXrplRedeemCommand)
export class SubmitXrplRedeemHandler implements ICommandHandler<SubmitXrplRedeemCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ submission, context }: SubmitXrplRedeemCommand): Promise<XrplRedeemResponse> {
    const userId = context.actor.userId;
    const prepared = await this.preparations.open(submission.preparation, 'redeem', redeemPreparationData, context);
    const { form, tokenId } = prepared.data;

    const { payment } = await submitNxccReturn(this.gateway, prepared, submission.signedTransactions);
    await recordXrplActionOnce(
      this.eventStore,
      payment.hash,
      {
        type: 'XrplCreditsRedeemed',
        data: {
          txHash: payment.hash,
          account: prepared.xrplAddress,
          userId,
          tokenId,
          tokenAmount: form.amount,
          redeemedAt: context.now.toISOString(),
        },
      },
      context,
    );
    return { success: true, txHash: payment.hash, redeemed: form.amount, tokenId };
  }
}
