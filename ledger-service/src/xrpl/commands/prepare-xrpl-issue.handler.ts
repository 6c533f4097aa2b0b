import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { estimatedCredits, type XrplIssueForm, xrplIssuePrepareRequest, type XrplPrepareResponse } from '@carbon-ledger/contracts';
import { convertStringToHex, NFTokenMintFlags } from 'xrpl';
import { z } from 'zod';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import { PreparationSeal } from '../signing/preparation-seal.js';
import { autofillInOrder, PREPARATION_TTL_MS } from '../signing/signed-submission.js';

/** Taxon of credit-batch NFTs, the same the registry path mints with. */
export const CREDIT_BATCH_NFT_TAXON = 2026;

export const NO_CREDITS_MESSAGE = 'Enter emissions: the estimated credits (20% of scopes 1-3, rounded down) must be at least 1';

/** What an issue preparation carries besides its transactions. */
export const issuePreparationData = z.object({
  form: xrplIssuePrepareRequest,
  creditAmount: z.number().int().positive(),
  certificateHash: z.string(),
});
export type IssuePreparationData = z.infer<typeof issuePreparationData>;

export class PrepareXrplIssueCommand extends Command<XrplPrepareResponse> {
  constructor(
    readonly form: XrplIssueForm,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The issuer's own wallet mints the batch NFT (burnable, transferable; URI = a
 * short hash of the batch certificate) after the KYC and AML checks; the console
 * signs it. The credits are paid by the platform issuer once the mint is applied.
 */
@CommandHandler(PrepareXrplIssueCommand)
export class PrepareXrplIssueHandler implements ICommandHandler<PrepareXrplIssueCommand> {
  constructor(
    @Inject(KYC_GATE) private readonly kyc: KycGate,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly seal: PreparationSeal,
  ) {}

  async execute({ form, context }: PrepareXrplIssueCommand): Promise<XrplPrepareResponse> {
    const creditAmount = estimatedCredits([form.scope1, form.scope2, form.scope3]);
    if (creditAmount < 1) throw new DomainError('ValidationFailed', NO_CREDITS_MESSAGE);
    await this.kyc.requireKyc({ address: form.xrplAddress, userId: context.actor.userId, requireAml: true, now: context.now });

    const certificateHash = createHash('sha256')
      .update(
        JSON.stringify({
          project: form.name,
          projectType: form.projectType,
          vintage: context.now.getUTCFullYear(),
          scopes: [form.scope1, form.scope2, form.scope3],
          credits: creditAmount,
          minter: form.xrplAddress,
          destination: form.destinationAddress,
          preparedAt: context.now.toISOString(),
        }),
      )
      .digest('hex')
      .slice(0, 32);
    const transactions = await autofillInOrder(this.gateway, [
      {
        TransactionType: 'NFTokenMint',
        Account: form.xrplAddress,
        NFTokenTaxon: CREDIT_BATCH_NFT_TAXON,
        Flags: NFTokenMintFlags.tfBurnable | NFTokenMintFlags.tfTransferable,
        URI: convertStringToHex(`nxcc:cert:${certificateHash}`).toUpperCase(),
      },
    ]);
    const expiresAt = new Date(context.now.getTime() + PREPARATION_TTL_MS).toISOString();
    const data: IssuePreparationData = { form, creditAmount, certificateHash };
    const preparation = this.seal.seal({ action: 'issue', userId: context.actor.userId, xrplAddress: form.xrplAddress, transactions, data, expiresAt });
    return { preparation, transactions, creditAmount, expiresAt };
  }
}
