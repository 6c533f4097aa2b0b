import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type XrplPrepareResponse, type XrplRetireForm, xrplRetirePrepareRequest } from '@carbon-ledger/contracts';
import type { SubmittableTransaction } from 'xrpl';
import { z } from 'zod';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { requireNxcc } from '../vault/nxcc-line.js';
import { nxccReturnPayment } from '../vault/nxcc-return.js';
import { chooseVaultBatch } from '../vault/vault-batches.js';
import { requirePlatformIssuer } from '../platform-issuer.js';
import { autofillInOrder, onLedger } from '../signing/signed-submission.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';

export const retirePreparationData = z.object({
  form: xrplRetirePrepareRequest,
  /** The registry batch whose serials the burn retires, chosen at prepare time. */
  tokenId: z.string(),
  serials: z.array(z.string()),
});
export type RetirePreparationData = z.infer<typeof retirePreparationData>;

export class PrepareXrplRetireCommand extends Command<XrplPrepareResponse> {
  constructor(
    readonly form: XrplRetireForm,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A retirement returns tokenAmount NXCC to the issuer (which burns them) with a
 * memo naming purpose, batch and serials, and burns the batch NFT when given.
 * The NXCC stand for serials in the vault (docs/vault.md): the vault
 * batch is chosen here, the one of the NFT, else the oldest with enough credits.
 */
@CommandHandler(PrepareXrplRetireCommand)
export class PrepareXrplRetireHandler implements ICommandHandler<PrepareXrplRetireCommand> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ form, context }: PrepareXrplRetireCommand): Promise<XrplPrepareResponse> {
    requirePlatformIssuer(this.gateway, form.issuer);
    await this.preparations.requireKyc('retire', form.xrplAddress, context);
    await requireNxcc(this.gateway, form.xrplAddress, form.tokenAmount, 'retire');
    const batch = await chooseVaultBatch(this.db, form.tokenAmount, { nftId: form.nftId });
    if (form.nftId) await this.requireNftHeld(form.xrplAddress, form.nftId);

    const memo = { type: 'nxcc/retirement', data: { purpose: form.purpose, tokenId: batch.tokenId, amount: form.tokenAmount, serials: batch.serials } };
    const retirement: SubmittableTransaction[] = [
      nxccReturnPayment(form.xrplAddress, form.issuer, form.tokenAmount, memo),
      ...(form.nftId ? [{ TransactionType: 'NFTokenBurn', Account: form.xrplAddress, NFTokenID: form.nftId } as const] : []),
    ];
    const transactions = await autofillInOrder(this.gateway, retirement);
    const data: RetirePreparationData = { form, tokenId: batch.tokenId, serials: batch.serials };
    const { preparation, expiresAt } = this.preparations.sealFor('retire', form.xrplAddress, transactions, data, context);
    return { preparation, transactions, tokenId: batch.tokenId, expiresAt };
  }

  private async requireNftHeld(account: string, nftId: string): Promise<void> {
    const held = await onLedger('Cannot read the NFTs of the owner', () => this.gateway.request({ command: 'account_nfts', account, limit: 400 }));
    if (!held.result.account_nfts.some((nft) => nft.NFTokenID === nftId)) {
      throw new DomainError('Conflict', `${account} does not hold the NFT ${nftId}; only its holder can burn it`);
    }
  }
}
