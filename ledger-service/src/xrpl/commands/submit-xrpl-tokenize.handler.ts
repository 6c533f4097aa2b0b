import { createHash } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { formatSerialRange, marketOfTokenId, type Position, START, type XrplTokenizeResponse, type XrplTokenizeSubmitRequest } from '@carbon-ledger/contracts';
import { describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import { payTokenization } from '../../shared/vault-payments.js';
import { notApplied, submitInOrder } from '../signing/signed-submission.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { tokenizePreparationData } from './prepare-xrpl-tokenize.handler.js';

export type TokenizeResult = Omit<XrplTokenizeResponse, 'position'> & { readonly position: Position };

export class SubmitXrplTokenizeCommand extends Command<TokenizeResult> {
  constructor(
    readonly submission: XrplTokenizeSubmitRequest & { signedTransactions: string[] },
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Submits the signed trust line (when one was prepared), moves the serials into the vault, and
 * has the platform issuer pay the NXCC under the tokenization's claim: one payment however often
 * this preparation is submitted, and the settlement reaction finds it rather than paying again.
 * The tokenization's ids derive from the preparation, so submitting it twice tokenizes once.
 */
@CommandHandler(SubmitXrplTokenizeCommand)
export class SubmitXrplTokenizeHandler implements ICommandHandler<SubmitXrplTokenizeCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    private readonly preparations: XrplPreparations,
    private readonly submissions: PlatformSubmissions,
  ) {}

  async execute({ submission, context }: SubmitXrplTokenizeCommand): Promise<TokenizeResult> {
    const userId = context.actor.userId;
    const prepared = await this.preparations.open(submission.preparation, 'tokenize', tokenizePreparationData, context);
    const { form } = prepared.data;
    const market = marketOfTokenId(form.tokenId);
    if (!market) throw new DomainError('NotFound', `No credits found for token ${form.tokenId}`);

    const outcome = await submitInOrder(this.gateway, prepared.transactions, submission.signedTransactions, prepared.xrplAddress);
    if (outcome.failed) throw notApplied(outcome.failed, outcome.applied);
    const trustSet = outcome.applied.find((transaction) => transaction.transactionType === 'TrustSet');

    const preparationId = createHash('sha256').update(submission.preparation).digest('hex');
    const tokenizationId = deriveId(preparationId, 'tokenization');
    const decided = await this.markets.execute(
      market.projectType,
      market.vintage,
      {
        type: 'TokenizeCredits',
        tokenizationId,
        batchId: form.tokenId,
        accountId: userId,
        xrplAddress: prepared.xrplAddress,
        quantity: form.amount,
        requestedBy: userId,
      },
      { ...context, commandId: deriveId(preparationId, 'tokenize') },
      (state, events) => {
        const tokenized = events.find((event) => event.type === 'CreditsTokenized');
        return tokenized?.type === 'CreditsTokenized' ? describeRanges(state, tokenized.data.ranges) : undefined;
      },
    );
    const serialRanges = decided.result ?? (await this.recordedRanges(tokenizationId));
    const paid = await payTokenization(this.submissions, this.gateway.wallets.issuer.address, {
      tokenizationId,
      batchId: form.tokenId,
      xrplAddress: prepared.xrplAddress,
      quantity: form.amount,
    });
    const applied = paid.result === 'tesSUCCESS' && paid.validated;
    return {
      tokenizationId,
      tokenId: form.tokenId,
      amount: form.amount,
      serialRanges,
      paymentResult: paid.result,
      ...(applied ? { paymentTxHash: paid.hash } : {}),
      ...(trustSet ? { trustSetTxHash: trustSet.hash } : {}),
      position: decided.position ?? START,
    };
  }

  /** A preparation submitted again: the serials its first submission moved, as the vault's read model has them. */
  private async recordedRanges(tokenizationId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('vault_transfers as transfer')
      .innerJoin('credit_batches as batch', 'batch.token_id', 'transfer.token_id')
      .select(['transfer.ranges', 'batch.serial_prefix'])
      .where('transfer.transfer_id', '=', tokenizationId)
      .executeTakeFirst();
    return (row?.ranges ?? []).map((range) => formatSerialRange(row?.serial_prefix ?? range.batchId, range.start, range.end));
  }
}
