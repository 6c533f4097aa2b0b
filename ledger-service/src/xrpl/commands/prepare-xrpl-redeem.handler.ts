import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type XrplPrepareResponse, type XrplRedeemForm, xrplRedeemPrepareRequest } from '@carbon-ledger/contracts';
import { z } from 'zod';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { autofillInOrder } from '../signing/signed-submission.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { requireNxcc } from '../vault/nxcc-line.js';
import { nxccReturnPayment } from '../vault/nxcc-return.js';
import { chooseVaultBatch } from '../vault/vault-batches.js';

export const redeemPreparationData = z.object({
  form: xrplRedeemPrepareRequest,
  /** The vault batch whose serials the redeemer receives, chosen at prepare time. */
  tokenId: z.string(),
});
export type RedeemPreparationData = z.infer<typeof redeemPreparationData>;

export class PrepareXrplRedeemCommand extends Command<XrplPrepareResponse> {
  constructor(
    readonly form: XrplRedeemForm,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A redemption pays `amount` NXCC back to the issuer (which takes them out of circulation) with
 * a memo naming the vault batch and serials; once the payment is validated, as many serials move
 * from the vault to the redeemer's registry account (docs/vault.md).
 */
@CommandHandler(PrepareXrplRedeemCommand)
export class PrepareXrplRedeemHandler implements ICommandHandler<PrepareXrplRedeemCommand> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ form, context }: PrepareXrplRedeemCommand): Promise<XrplPrepareResponse> {
    await this.preparations.requireKyc('redeem', form.xrplAddress, context);
    await requireNxcc(this.gateway, form.xrplAddress, form.amount, 'redeem');
    const batch = await chooseVaultBatch(this.db, form.amount, { tokenId: form.tokenId });
    const issuer = this.gateway.wallets.issuer.address;
    const memo = { type: 'nxcc/redemption', data: { tokenId: batch.tokenId, amount: form.amount, serials: batch.serials } };
    const transactions = await autofillInOrder(this.gateway, [nxccReturnPayment(form.xrplAddress, issuer, form.amount, memo)]);
    const data: RedeemPreparationData = { form, tokenId: batch.tokenId };
    const { preparation, expiresAt } = this.preparations.sealFor('redeem', form.xrplAddress, transactions, data, context);
    return { preparation, transactions, tokenId: batch.tokenId, expiresAt };
  }
}
