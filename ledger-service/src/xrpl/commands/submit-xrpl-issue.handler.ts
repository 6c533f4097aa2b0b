import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DuplicateEventId, type EventStore, WrongExpectedVersion, type XrplIssueResponse, type XrplSubmitRequest } from '@carbon-ledger/contracts';
import { getNFTokenID } from 'xrpl';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { ISSUANCE_REQUESTS, type IssuanceRequests, type MintedIssuance } from '../../shared/issuance-requests.port.js';
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

/**
 * Submits the NFTokenMint the proponent signed in the browser and records XrplCreditsMinted; the
 * mint files an issuance request (ISSUANCE_REQUESTS) and nothing is paid yet. The verifier verifies
 * the request's report, the registry approves it, and only then are the credits issued into the
 * vault and paid to the destination as NXCC (docs/registry.md, "Issuance from the /xrpl Issue tab").
 */
@CommandHandler(SubmitXrplIssueCommand)
export class SubmitXrplIssueHandler implements ICommandHandler<SubmitXrplIssueCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(ISSUANCE_REQUESTS) private readonly requests: IssuanceRequests,
    private readonly preparations: XrplPreparations,
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

    const projectId = this.requests.projectIdOf(mint.hash);
    const minted: MintedIssuance = {
      mintTxHash: mint.hash,
      nftId,
      minter: prepared.xrplAddress,
      userId,
      projectName: form.name,
      projectType: form.projectType,
      scope1: form.scope1,
      scope2: form.scope2,
      scope3: form.scope3,
      destinationAddress: form.destinationAddress,
    };
    if (!(await recordedXrplAction(this.eventStore, mint.hash))) {
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
              tokenId: this.requests.batchIdOf(mint.hash, form.projectType, context.now.getUTCFullYear()),
              projectId,
              projectName: form.name,
              projectType: form.projectType,
              scope1: form.scope1,
              scope2: form.scope2,
              scope3: form.scope3,
              creditAmount,
              destinationAddress: form.destinationAddress,
              mintedAt: context.now.toISOString(),
            },
          },
          context,
        );
      } catch (error) {
        // A concurrent submission of the same mint recorded it first: file (or find) its request as it did.
        if (!(error instanceof WrongExpectedVersion || error instanceof DuplicateEventId)) throw error;
      }
    }
    const { commandId: _commandId, ...filing } = context;
    const filed = await this.requests.fileForMint(minted, filing);
    return {
      nftId,
      requiresKyc: false,
      creditAmount: filed.quantity,
      txHash: mint.hash,
      tokenId: filed.tokenId,
      projectId: filed.projectId,
      reportId: filed.reportId,
      reportStatus: filed.reportStatus,
      bufferQuantity: filed.bufferQuantity,
    };
  }
}
