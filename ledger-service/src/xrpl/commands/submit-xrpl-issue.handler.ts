import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CREDIT_CURRENCY_CODE,
  DuplicateEventId,
  type EventStore,
  tokenIdFor,
  WrongExpectedVersion,
  type XrplIssueResponse,
  type XrplSubmitRequest,
} from '@carbon-ledger/contracts';
import { getNFTokenID } from 'xrpl';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import { notApplied, submitInOrder } from '../signing/signed-submission.js';
import { recordedXrplAction, recordXrplAction } from '../signing/xrpl-action-log.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { issuePreparationData } from './prepare-xrpl-issue.handler.js';

export class SubmitXrplIssueCommand extends Command<XrplIssueResponse> {
  constructor(
    readonly submission: XrplSubmitRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The cause of the platform's NXCC payment for a mint: one payment per mint, however often it is submitted. */
export const issuePaymentKey = (mintHash: string): string => `issue-payment:${mintHash}`;

/**
 * What became of the platform issuer's NXCC payment; a refusal (no trust line) is an outcome, not
 * an error. A lost connection is an error: the payment may be on its way, and a retry finds it.
 */
async function payCredits(
  submissions: PlatformSubmissions,
  issuer: string,
  mintHash: string,
  destination: string,
  amount: number,
  purpose: string,
): Promise<{ paymentResult: string; paymentTxHash?: string }> {
  const paid = await submissions.outcomeOf({
    key: issuePaymentKey(mintHash),
    role: 'issuer',
    transaction: {
      TransactionType: 'Payment',
      Account: '',
      Destination: destination,
      Amount: { currency: CREDIT_CURRENCY_CODE, issuer, value: String(amount) },
    },
    purpose,
  });
  return paid.result === 'tesSUCCESS' && paid.validated ? { paymentResult: paid.result, paymentTxHash: paid.hash } : { paymentResult: paid.result };
}

/**
 * Submits the NFTokenMint the issuer signed in the browser, then pays the credits
 * as NXCC from the platform issuer to the destination, and records
 * XrplCreditsMinted (the credits capability registers the batch from it).
 */
@CommandHandler(SubmitXrplIssueCommand)
export class SubmitXrplIssueHandler implements ICommandHandler<SubmitXrplIssueCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly preparations: XrplPreparations,
    private readonly submissions: PlatformSubmissions,
  ) {}

  async execute({ submission, context }: SubmitXrplIssueCommand): Promise<XrplIssueResponse> {
    const userId = context.actor.userId;
    const prepared = await this.preparations.open(submission.preparation, 'issue', issuePreparationData, context);
    const { form, creditAmount } = prepared.data;

    const outcome = await submitInOrder(this.gateway, prepared.transactions, submission.signedTransactions, prepared.xrplAddress);
    // A TrustSet for the destination may go before the mint.
    const mint = outcome.applied.find((applied) => applied.transactionType === 'NFTokenMint');
    if (outcome.failed || !mint) throw notApplied(outcome.failed ?? { transactionType: 'NFTokenMint', result: 'not submitted' }, outcome.applied);
    const nftId = mint.meta ? getNFTokenID(mint.meta) : undefined;
    if (!nftId) throw new DomainError('Conflict', `The NFTokenMint ${mint.hash} was applied but its NFT id could not be read`);

    const earlier = await this.answeredBefore(mint.hash);
    if (earlier) return earlier;
    const tokenId = tokenIdFor(form.projectType, context.now.getUTCFullYear(), mint.hash.slice(0, 8));
    const payment = await payCredits(
      this.submissions,
      this.gateway.wallets.issuer.address,
      mint.hash,
      form.destinationAddress,
      creditAmount,
      `credits of ${tokenId} to ${form.destinationAddress}`,
    );
    try {
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
    } catch (error) {
      // A concurrent submission of the same mint recorded it first: answer as it did.
      const first = error instanceof WrongExpectedVersion || error instanceof DuplicateEventId ? await this.answeredBefore(mint.hash) : undefined;
      if (first) return first;
      throw error;
    }
    return { nftId, requiresKyc: false, creditAmount, txHash: mint.hash, tokenId, ...payment };
  }

  /** The answer to an earlier submission of the same mint, as it was recorded. */
  private async answeredBefore(mintHash: string): Promise<XrplIssueResponse | undefined> {
    const earlier = await recordedXrplAction(this.eventStore, mintHash);
    if (earlier?.type !== 'XrplCreditsMinted') return undefined;
    const { nftId, creditAmount, tokenId, paymentResult = 'not submitted', paymentTxHash } = earlier.data;
    return { nftId, requiresKyc: false, creditAmount, txHash: mintHash, tokenId, paymentResult, ...(paymentTxHash ? { paymentTxHash } : {}) };
  }
}
