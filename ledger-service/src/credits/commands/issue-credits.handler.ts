import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DEFAULT_RETIREMENT_STANDARD,
  defaultMethodologies,
  estimatedCredits,
  formatSerial,
  type IssueCreditsRequest,
  NO_EMISSIONS_MESSAGE,
  type Position,
  serialPrefixFor,
  tokenIdFor,
} from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';

export interface IssueCreditsResult {
  readonly tokenId: string;
  readonly quantity: number;
  readonly vintage: number;
  readonly serialPrefix: string;
  readonly firstSerial: string;
  readonly lastSerial: string;
  readonly position: Position;
}

export class IssueCreditsCommand extends Command<IssueCreditsResult> {
  constructor(
    readonly request: IssueCreditsRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Spec: Issue (/api/issue). The acting address must have passed KYC and AML;
 * the batch gets serials 1..floor(20% of the scopes) in the issuer's account,
 * vintage = the year of issuance. Minting the batch NFT and paying the tokens on
 * XRPL follow as a reaction (reactions/settle-issuance-on-xrpl).
 */
@CommandHandler(IssueCreditsCommand)
export class IssueCreditsHandler implements ICommandHandler<IssueCreditsCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
  ) {}

  async execute({ request, context }: IssueCreditsCommand): Promise<IssueCreditsResult> {
    const quantity = estimatedCredits([request.scope1, request.scope2, request.scope3, request.scope4, request.scope5]);
    if (quantity < 1) throw new DomainError('ValidationFailed', NO_EMISSIONS_MESSAGE);
    await this.kyc.requireKyc({ address: request.xrplAddress, userId: context.actor.userId, requireAml: true, now: context.now });
    await this.requireSameProject(request, context.actor.userId);
    const vintage = context.now.getUTCFullYear();
    const tokenId = tokenIdFor(request.projectType, vintage, deriveId(context.commandId, 'batch').replaceAll('-', ''));
    const serialPrefix = serialPrefixFor(tokenId);
    const outcome = await this.markets.execute(
      request.projectType,
      vintage,
      {
        type: 'IssueCredits',
        batch: {
          batchId: tokenId,
          projectId: request.id,
          projectName: request.name,
          projectType: request.projectType,
          description: request.description,
          vintage,
          standard: DEFAULT_RETIREMENT_STANDARD,
          methodology: defaultMethodologies[request.projectType],
          scopes: { scope1: request.scope1, scope2: request.scope2, scope3: request.scope3, scope4: request.scope4, scope5: request.scope5 },
          quantity,
          serialPrefix,
          accountId: context.actor.userId,
          issuedBy: context.actor.userId,
          xrplAddress: request.xrplAddress,
          source: 'registry',
        },
      },
      context,
      () => undefined,
    );
    return {
      tokenId,
      quantity,
      vintage,
      serialPrefix,
      firstSerial: formatSerial(serialPrefix, 1),
      lastSerial: formatSerial(serialPrefix, quantity),
      position: outcome.position,
    };
  }

  /**
   * A Project ID names one project: a later batch under it must carry the same name and type
   * and come from the same issuer, else two projects would share an ID unnoticed. Read from
   * the registry read model: a retried command finds its own batch and passes.
   */
  private async requireSameProject(request: IssueCreditsCommand['request'], issuerId: string): Promise<void> {
    const existing = await this.db
      .selectFrom('credit_batches')
      .select(['token_id', 'project_name', 'project_type', 'issuer_account_id'])
      .where('project_id', '=', request.id)
      .orderBy('commit_position')
      .limit(1)
      .executeTakeFirst();
    if (!existing) return;
    if (existing.project_name === request.name && existing.project_type === request.projectType && existing.issuer_account_id === issuerId) return;
    throw new DomainError(
      'Conflict',
      `Project ID ${request.id} is already used by batch ${existing.token_id} (${existing.project_name}, ${existing.project_type}); issue under another Project ID, or with that batch's project name and type`,
      { projectId: request.id, existingTokenId: existing.token_id, projectName: existing.project_name, projectType: existing.project_type },
    );
  }
}
