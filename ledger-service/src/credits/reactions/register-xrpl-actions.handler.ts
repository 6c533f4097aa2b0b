import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CreditProjectType,
  DEFAULT_OFFSET_TYPE,
  DEFAULT_RETIREMENT_STANDARD,
  type EventStore,
  isXrplActionEvent,
  marketOfTokenId,
  type RecordedEvent,
  type RetirementUse,
  retirementUseLabels,
  VAULT_ACCOUNT_ID,
  xrplActionEventTypes,
} from '@carbon-ledger/contracts';
import { tradableOf } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import { totalSize } from '../../credit-market/serial-ranges.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { checkRetirementUse, type UseCheck } from '../../shared/batch-claims-reader.js';
import { type CommandContext, deriveId, reactionContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

/**
 * Brings the /xrpl screen's on-ledger actions into the registry (docs/vault.md):
 * (a batch NFT minted on the Issue tab files an issuance request instead: the projects capability
 * issues its credits once the registry approves them)
 * - NXCC returned to the issuer with a retirement memo retire as many serials of the vault
 *   for the holder (the batch chosen when the burn was prepared, else another of its market),
 *   for the use stated when it was prepared; should the batch no longer qualify for it (its
 *   authorization withdrawn since, another batch taken), the tokens are burned all the same, so the
 *   retirement is recorded as voluntary and its purpose says which use was refused and why;
 * - NXCC paid back for a redemption move as many serials from the vault to the redeemer.
 * Swaps move NXCC between XRPL accounts and leave the vault as it is; the trades read model shows them.
 */
@Injectable()
@LogReaction()
export class RegisterXrplActions implements Reaction {
  readonly name = 'register-xrpl-actions';
  readonly eventTypes: ReadonlySet<string> = xrplActionEventTypes;
  private readonly logger = new Logger('CreditRegistry');

  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isXrplActionEvent(event)) return;
    const context = (purpose: string, userId: string): CommandContext => reactionContext(event, purpose, { userId, role: event.metadata.actor.role });
    try {
      if (event.type === 'XrplCreditsBurned') {
        const data = event.data;
        const market = marketOfTokenId(data.tokenId);
        if (!market) return;
        const batchId = await this.vaultBatchFor(market, data.tokenId, data.tokenAmount);
        const stated: RetirementUse = data.use ?? 'voluntary';
        const checked: UseCheck = await checkRetirementUse(this.eventStore, this.db, labelRulesOf(this.config), { batchId, vintage: market.vintage }, stated);
        const use = checked.refusal === undefined ? stated : 'voluntary';
        const purpose =
          checked.refusal === undefined
            ? data.purpose
            : `${data.purpose}${data.purpose ? ' ' : ''}(${retirementUseLabels[stated]} refused: ${checked.refusal})`.slice(0, 500);
        if (checked.refusal !== undefined) this.logger.warn(`burn ${data.txHash} retired as voluntary: ${checked.refusal}`);
        await this.markets.execute(
          market.projectType,
          market.vintage,
          {
            type: 'RetireCredits',
            retirementId: deriveId(event.eventId, 'retirement'),
            batchId,
            accountId: VAULT_ACCOUNT_ID,
            quantity: data.tokenAmount,
            beneficiary: data.account,
            purpose,
            standard: DEFAULT_RETIREMENT_STANDARD,
            offsetType: DEFAULT_OFFSET_TYPE,
            retiredBy: data.userId,
            use,
            ...(checked.refusal === undefined && checked.claims ? { claims: checked.claims } : {}),
            burnTxHash: data.txHash,
            ...(data.nftBurnTxHash ? { nftBurnTxHash: data.nftBurnTxHash } : {}),
          },
          context('register-burn', data.userId),
          () => undefined,
        );
      } else if (event.type === 'XrplCreditsRedeemed') {
        const data = event.data;
        const market = marketOfTokenId(data.tokenId);
        if (!market) return;
        await this.markets.execute(
          market.projectType,
          market.vintage,
          {
            type: 'RedeemCredits',
            redemptionId: deriveId(event.eventId, 'redemption'),
            accountId: data.userId,
            xrplAddress: data.account,
            quantity: data.tokenAmount,
            batchId: data.tokenId,
            reason: 'redeemed',
            burnTxHash: data.txHash,
          },
          context('register-redemption', data.userId),
          () => undefined,
        );
      }
    } catch (error) {
      // A refusal (the vault no longer holds what the burn was prepared against) must not stop the
      // reaction; proof of reserves keeps showing the burn as in flight until someone looks.
      if (error instanceof DomainError) {
        this.logger.warn(`${event.type} ${event.streamId} not registered: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  /** The batch the burn was prepared against while the vault holds enough of it; else the market's first vault batch that does. */
  private async vaultBatchFor(market: { projectType: CreditProjectType; vintage: number }, preferred: string, quantity: number): Promise<string> {
    return this.markets.read(market.projectType, market.vintage, (state) => {
      const held = (batchId: string): number => totalSize(tradableOf(state, VAULT_ACCOUNT_ID, batchId));
      if (held(preferred) >= quantity) return preferred;
      return [...(state.tradable.get(VAULT_ACCOUNT_ID)?.keys() ?? [])].find((batchId) => held(batchId) >= quantity) ?? preferred;
    });
  }
}
