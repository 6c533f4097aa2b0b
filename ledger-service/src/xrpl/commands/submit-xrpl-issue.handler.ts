import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CREDIT_CURRENCY_CODE, type EventStore, tokenIdFor, type XrplIssueResponse, type XrplSubmitRequest } from '@carbon-ledger/contracts';
import { getNFTokenID } from 'xrpl';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { requireKyc } from '../../shared/kyc-gate.js';
import { PreparationSeal } from '../signing/preparation-seal.js';
import { notApplied, submitInOrder } from '../signing/signed-submission.js';
import { recordedXrplAction, recordXrplAction } from '../signing/xrpl-action-log.js';
import { issuePreparationData } from './prepare-xrpl-issue.handler.js';

export class SubmitXrplIssueCommand extends Command<XrplIssueResponse> {
  constructor(
    readonly submission: XrplSubmitRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** What became of the platform issuer's NXCC payment; a refusal (no trust line) is an outcome, not an error. */
async function payCredits(gateway: XrplGateway, destination: string, amount: number, purpose: string): Promise<{ paymentResult: string; paymentTxHash?: string }> {
  try {
    const paid = await gateway.submitAsPlatform(
      'issuer',
      { TransactionType: 'Payment', Account: '', Destination: destination, Amount: { currency: CREDIT_CURRENCY_CODE, issuer: gateway.wallets.issuer.address, value: String(amount) } },
      purpose,
    );
    return { paymentResult: paid.result, paymentTxHash: paid.hash };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { paymentResult: /: (te[a-z]\w+)$/i.exec(message)?.[1] ?? `not submitted: ${message}` };
  }
}

/**
 * Submits the NFTokenMint the issuer signed in the browser, then pays the credits
 * as NXCC from the platform issuer to the destination, and records
 * XrplCreditsMinted (the credits capability registers the batch from it).
 */
@CommandHandler(SubmitXrplIssueCommand)
export class SubmitXrplIssueHandler implements ICommandHandler<SubmitXrplIssueCommand> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seal: PreparationSeal,
  ) {}

  async execute({ submission, context }: SubmitXrplIssueCommand): Promise<XrplIssueResponse> {
    const userId = context.actor.userId;
    const prepared = this.seal.open(submission.preparation, { action: 'issue', userId, now: context.now }, issuePreparationData);
    const { form, creditAmount } = prepared.data;
    await requireKyc(this.db, { address: prepared.xrplAddress, userId, requireAml: true, now: context.now });

    const outcome = await submitInOrder(this.gateway, prepared.transactions, submission.signedTransactions, prepared.xrplAddress);
    const mint = outcome.applied[0];
    if (outcome.failed || !mint) throw notApplied(outcome.failed ?? { transactionType: 'NFTokenMint', result: 'not submitted' });
    const nftId = mint.meta ? getNFTokenID(mint.meta) : undefined;
    if (!nftId) throw new DomainError('Conflict', `The NFTokenMint ${mint.hash} was applied but its NFT id could not be read`);

    const earlier = await recordedXrplAction(this.eventStore, mint.hash);
    if (earlier?.type === 'XrplCreditsMinted') {
      // A repeated submission: answer as the first time, without paying the credits twice.
      const { nftId: mintedNft, creditAmount: credits, tokenId: minted, paymentResult = 'not submitted', paymentTxHash } = earlier.data;
      return { nftId: mintedNft, requiresKyc: false, creditAmount: credits, txHash: mint.hash, tokenId: minted, paymentResult, ...(paymentTxHash ? { paymentTxHash } : {}) };
    }
    const tokenId = tokenIdFor(form.projectType, context.now.getUTCFullYear(), mint.hash.slice(0, 8));
    const payment = await payCredits(this.gateway, form.destinationAddress, creditAmount, `credits of ${tokenId} to ${form.destinationAddress}`);
    await recordXrplAction(
      this.eventStore,
      mint.hash,
      {
        type: 'XrplCreditsMinted',
        data: {
          txHash: mint.hash,
          account: prepared.xrplAddress,
          userId,
          nftId,
          tokenId,
          projectName: form.name,
          projectType: form.projectType,
          scope1: form.scope1,
          scope2: form.scope2,
          scope3: form.scope3,
          creditAmount,
          destinationAddress: form.destinationAddress,
          ...payment,
          mintedAt: context.now.toISOString(),
        },
      },
      context,
    );
    return { nftId, requiresKyc: false, creditAmount, txHash: mint.hash, tokenId, ...payment };
  }
}
