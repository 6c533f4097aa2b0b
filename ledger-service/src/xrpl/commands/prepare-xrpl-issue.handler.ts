import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { estimatedCredits, type XrplIssueForm, xrplIssuePrepareRequest, type XrplPrepareResponse } from '@carbon-ledger/contracts';
import { convertStringToHex, NFTokenMintFlags, type SubmittableTransaction } from 'xrpl';
import { z } from 'zod';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { ISSUANCE_REQUESTS, type IssuanceRequests } from '../../shared/issuance-requests.port.js';
import { autofillInOrder } from '../signing/signed-submission.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { trustLineIfMissing } from '../vault/nxcc-line.js';

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
 * The proponent's own wallet mints the batch NFT (burnable, transferable; URI = a
 * short hash of the batch certificate) after the KYC and AML checks; the console
 * signs it. The mint files an issuance request; the platform issuer pays the
 * credits as NXCC once the registry approves it and they are issued.
 */
@CommandHandler(PrepareXrplIssueCommand)
export class PrepareXrplIssueHandler implements ICommandHandler<PrepareXrplIssueCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(ISSUANCE_REQUESTS) private readonly requests: IssuanceRequests,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ form, context }: PrepareXrplIssueCommand): Promise<XrplPrepareResponse> {
    const creditAmount = estimatedCredits([form.scope1, form.scope2, form.scope3]);
    if (creditAmount < 1) throw new DomainError('ValidationFailed', NO_CREDITS_MESSAGE);
    await this.preparations.requireKyc('issue', form.xrplAddress, context);
    // The mint files an issuance request: what the request would refuse is refused before anything is minted.
    await this.requests.requireFileable(form.xrplAddress);

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
    const trustSet = await this.trustLineFirst(form.xrplAddress, form.destinationAddress);
    const transactions = await autofillInOrder(this.gateway, [
      ...trustSet,
      {
        TransactionType: 'NFTokenMint',
        Account: form.xrplAddress,
        NFTokenTaxon: CREDIT_BATCH_NFT_TAXON,
        Flags: NFTokenMintFlags.tfBurnable | NFTokenMintFlags.tfTransferable,
        URI: convertStringToHex(`nxcc:cert:${certificateHash}`).toUpperCase(),
      },
    ]);
    const data: IssuePreparationData = { form, creditAmount, certificateHash };
    const { preparation, expiresAt } = this.preparations.sealFor('issue', form.xrplAddress, transactions, data, context);
    return { preparation, transactions, creditAmount, expiresAt };
  }

  /**
   * The platform pays the credits as NXCC once issued, which needs the destination's trust line. Issuing to
   * one's own address without one: a TrustSet signed with the same key goes first. Another
   * address without one is refused before anything is minted, so an issue never ends half-paid.
   */
  private async trustLineFirst(signer: string, destination: string): Promise<SubmittableTransaction[]> {
    const trustSet = await trustLineIfMissing(this.gateway, destination);
    if (trustSet.length > 0 && destination !== signer) {
      throw new DomainError(
        'Conflict',
        `The destination ${destination} has no NXCC trust line to ${this.gateway.wallets.issuer.address}, so the credits could not be paid to it. Issue to your own address (the trust line is set in the same signed flow) or ask the holder to set one first.`,
      );
    }
    return trustSet;
  }
}
