import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type EventStore,
  type RetirementUse,
  retirementUseLabels,
  type XrplPrepareResponse,
  type XrplRetireForm,
  xrplRetirePrepareRequest,
} from '@carbon-ledger/contracts';
import type { SubmittableTransaction } from 'xrpl';
import { z } from 'zod';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { checkRetirementUse } from '../../shared/batch-claims-reader.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { requireNxcc } from '../vault/nxcc-line.js';
import { nxccReturnPayment } from '../vault/nxcc-return.js';
import { chooseVaultBatch, vaultBatchIds } from '../vault/vault-batches.js';
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
 * batch is chosen here, the one of the NFT, else the oldest with enough credits;
 * for a use other than voluntary, among the batches that qualify for it
 * (docs/credit-use.md), else 409 naming what the vault's batches lack.
 */
@CommandHandler(PrepareXrplRetireCommand)
export class PrepareXrplRetireHandler implements ICommandHandler<PrepareXrplRetireCommand> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ form, context }: PrepareXrplRetireCommand): Promise<XrplPrepareResponse> {
    requirePlatformIssuer(this.gateway, form.issuer);
    await this.preparations.requireKyc('retire', form.xrplAddress, context);
    await requireNxcc(this.gateway, form.xrplAddress, form.tokenAmount, 'retire');
    const among = form.use === 'voluntary' ? undefined : await this.qualifyingBatches(form.use, form.nftId);
    const batch = await chooseVaultBatch(this.db, form.tokenAmount, { nftId: form.nftId, among });
    if (form.nftId) await this.requireNftHeld(form.xrplAddress, form.nftId);

    const memo = {
      type: 'nxcc/retirement',
      data: { purpose: form.purpose, use: form.use, tokenId: batch.tokenId, amount: form.tokenAmount, serials: batch.serials },
    };
    const retirement: SubmittableTransaction[] = [
      nxccReturnPayment(form.xrplAddress, form.issuer, form.tokenAmount, memo),
      ...(form.nftId ? [{ TransactionType: 'NFTokenBurn', Account: form.xrplAddress, NFTokenID: form.nftId } as const] : []),
    ];
    const transactions = await autofillInOrder(this.gateway, retirement);
    const data: RetirePreparationData = { form, tokenId: batch.tokenId, serials: batch.serials };
    const { preparation, expiresAt } = this.preparations.sealFor('retire', form.xrplAddress, transactions, data, context);
    return { preparation, transactions, tokenId: batch.tokenId, expiresAt };
  }

  /** The vault's batches whose serials may be retired for `use`; 409 with what the first of them lacks when none may. */
  private async qualifyingBatches(use: RetirementUse, nftId: string | undefined): Promise<string[]> {
    const rules = labelRulesOf(this.config);
    const batches = await vaultBatchIds(this.db, nftId);
    const checks = await Promise.all(
      batches.map(async (batch) => ({
        batch,
        checked: await checkRetirementUse(this.eventStore, this.db, rules, { batchId: batch.tokenId, vintage: batch.vintage }, use),
      })),
    );
    const qualifying = checks.filter(({ checked }) => checked.refusal === undefined).map(({ batch }) => batch.tokenId);
    const refused = checks.find(({ checked }) => checked.refusal !== undefined)?.checked.refusal;
    if (qualifying.length === 0 && refused !== undefined) {
      throw new DomainError('Conflict', `No credits in the vault may be retired for ${retirementUseLabels[use]}: ${refused}`, { use });
    }
    return qualifying;
  }

  private async requireNftHeld(account: string, nftId: string): Promise<void> {
    const held = await onLedger('Cannot read the NFTs of the owner', () => this.gateway.request({ command: 'account_nfts', account, limit: 400 }));
    if (!held.result.account_nfts.some((nft) => nft.NFTokenID === nftId)) {
      throw new DomainError('Conflict', `${account} does not hold the NFT ${nftId}; only its holder can burn it`);
    }
  }
}
