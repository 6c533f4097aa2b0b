import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, type XrplRedeemResponse, type XrplSubmitRequest } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import { PreparationSeal } from '../signing/preparation-seal.js';
import { recordXrplActionOnce } from '../signing/xrpl-action-log.js';
import { submitNxccReturn } from '../vault/nxcc-return.js';
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
    @Inject(KYC_GATE) private readonly kyc: KycGate,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seal: PreparationSeal,
  ) {}

  async execute({ submission, context }: SubmitXrplRedeemCommand): Promise<XrplRedeemResponse> {
    const userId = context.actor.userId;
    const prepared = this.seal.open(submission.preparation, { action: 'redeem', userId, now: context.now }, redeemPreparationData);
    const { form, tokenId } = prepared.data;
    await this.kyc.requireKyc({ address: prepared.xrplAddress, userId, requireAml: false, now: context.now });

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
