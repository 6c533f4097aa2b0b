import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type EventStore,
  marketOfTokenId,
  type Position,
  type RetireCreditsCommand as RetireRequest,
  type RetiredBatchClaims,
  type RetirementUse,
} from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { checkRetirementUse } from '../../shared/batch-claims-reader.js';
import { describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

export interface RetireCreditsResult {
  readonly retirementId: string;
  readonly quantity: number;
  readonly serialRanges: string[];
  readonly position: Position;
  /** True when this retirement was recorded before (a retry): nothing new was appended. */
  readonly replayed: boolean;
}

export class RetireCreditsCommand extends Command<RetireCreditsResult> {
  constructor(
    readonly request: RetireRequest,
    readonly context: CommandContext,
    /** Set when the holder burned the tokens on XRPL (the /xrpl retire path). */
    readonly xrpl: { readonly burnTxHash?: string; readonly nftBurnTxHash?: string } = {},
  ) {
    super();
  }
}

/** Retires part of a batch the caller holds: the lowest tradable serials, for good. */
@CommandHandler(RetireCreditsCommand)
export class RetireCreditsHandler implements ICommandHandler<RetireCreditsCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ request, context, xrpl }: RetireCreditsCommand): Promise<RetireCreditsResult> {
    const market = marketOfTokenId(request.tokenId);
    if (!market) throw new DomainError('NotFound', `No credits found for token ${request.tokenId}`);
    const use: RetirementUse = request.use ?? 'voluntary';
    const claims = await this.claimsFor(request.tokenId, market.vintage, use);
    const retirementId = deriveId(context.commandId, 'retirement');
    const outcome = await this.markets.execute(
      market.projectType,
      market.vintage,
      {
        type: 'RetireCredits',
        retirementId,
        batchId: request.tokenId,
        accountId: context.actor.userId,
        quantity: request.amount,
        beneficiary: request.beneficiary,
        purpose: request.purpose,
        standard: request.standard,
        offsetType: request.offsetType,
        retiredBy: context.actor.userId,
        use,
        ...(claims ? { claims } : {}),
        ...(xrpl.burnTxHash ? { burnTxHash: xrpl.burnTxHash } : {}),
        ...(xrpl.nftBurnTxHash ? { nftBurnTxHash: xrpl.nftBurnTxHash } : {}),
      },
      context,
      // A replayed retirement is given the events recorded for it the first time, so it lists its serials too.
      (state, events) => {
        const retired = events.find((event) => event.type === 'CreditsRetired' && event.data.retirementId === retirementId);
        return retired?.type === 'CreditsRetired' ? describeRanges(state, retired.data.ranges) : [];
      },
    );
    return { retirementId, quantity: request.amount, serialRanges: outcome.result, position: outcome.position, replayed: outcome.replayed };
  }

  /** The batch's claims the use is decided on; refused (409) naming the condition the batch lacks. Its certificate and reports show what it relied on. */
  private async claimsFor(batchId: string, vintage: number, use: RetirementUse): Promise<RetiredBatchClaims | undefined> {
    const checked = await checkRetirementUse(this.eventStore, this.db, labelRulesOf(this.config), { batchId, vintage }, use);
    if (checked.refusal !== undefined) throw new DomainError('Conflict', checked.refusal, { use });
    return checked.claims;
  }
}
