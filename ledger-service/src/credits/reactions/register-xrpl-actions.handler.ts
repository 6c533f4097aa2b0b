import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  DEFAULT_OFFSET_TYPE,
  DEFAULT_RETIREMENT_STANDARD,
  defaultMethodologies,
  isXrplActionEvent,
  marketOfTokenId,
  type RecordedEvent,
  serialPrefixFor,
  xrplActionEventTypes,
} from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { type Reaction, ReactionHost } from '../../infrastructure/reactions/reaction-host.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

/**
 * Brings the /xrpl screen's on-ledger actions into the registry: a batch NFT the
 * issuer minted in the browser becomes a serial-numbered batch (with the mint and
 * the platform's token payment as its settlement); a burn retires the serials of
 * the batch chosen when the burn was prepared. Swaps are fungible NXCC through
 * the AMM pool and carry no serials; the trades read model shows them directly.
 */
@Injectable()
export class RegisterXrplActions implements Reaction, OnModuleInit {
  readonly name = 'register-xrpl-actions';
  readonly eventTypes: ReadonlySet<string> = xrplActionEventTypes;
  private readonly logger = new Logger('CreditRegistry');

  constructor(
    private readonly host: ReactionHost,
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
  ) {}

  onModuleInit(): void {
    this.host.register(this);
  }

  async handle(event: RecordedEvent): Promise<void> {
    if (!isXrplActionEvent(event)) return;
    const context = (purpose: string, userId: string): CommandContext => ({
      commandId: deriveId(event.eventId, purpose),
      correlationId: event.metadata.correlationId,
      causationId: event.eventId,
      actor: { userId, role: event.metadata.actor.role },
      now: new Date(event.metadata.recordedAt),
    });
    try {
      if (event.type === 'XrplCreditsMinted') {
        const data = event.data;
        const market = marketOfTokenId(data.tokenId);
        if (!market) return;
        await this.markets.execute(
          market.projectType,
          market.vintage,
          {
            type: 'IssueCredits',
            batch: {
              batchId: data.tokenId,
              projectId: `XRPL-${data.txHash.slice(0, 12)}`,
              projectName: data.projectName,
              projectType: data.projectType,
              description: `Minted on XRPL by ${data.account}`,
              vintage: market.vintage,
              standard: DEFAULT_RETIREMENT_STANDARD,
              methodology: defaultMethodologies[data.projectType],
              scopes: { scope1: data.scope1, scope2: data.scope2, scope3: data.scope3, scope4: 0, scope5: 0 },
              quantity: data.creditAmount,
              serialPrefix: serialPrefixFor(data.tokenId),
              accountId: data.userId,
              issuedBy: data.userId,
              xrplAddress: data.destinationAddress,
              source: 'xrpl',
              nftId: data.nftId,
              mintTxHash: data.txHash,
            },
          },
          context('register-mint', data.userId),
          () => undefined,
        );
        const paid = data.paymentTxHash && data.paymentResult === 'tesSUCCESS';
        await this.markets.execute(
          market.projectType,
          market.vintage,
          {
            type: 'RecordXrplSettlement',
            settlement: {
              subject: 'issuance',
              subjectId: data.tokenId,
              batchId: data.tokenId,
              status: paid ? 'settled' : 'partial',
              nftId: data.nftId,
              transactions: [
                { purpose: 'mint', hash: data.txHash, result: 'tesSUCCESS' },
                ...(data.paymentTxHash ? [{ purpose: 'payment', hash: data.paymentTxHash, result: data.paymentResult ?? 'unknown' }] : []),
              ],
              ...(paid ? {} : { reason: `The NXCC payment to ${data.destinationAddress} was not applied (${data.paymentResult ?? 'not sent'})` }),
            },
          },
          context('register-mint-settlement', data.userId),
          () => undefined,
        );
      } else if (event.type === 'XrplCreditsBurned') {
        const data = event.data;
        const market = marketOfTokenId(data.tokenId);
        if (!market) return;
        await this.markets.execute(
          market.projectType,
          market.vintage,
          {
            type: 'RetireCredits',
            retirementId: deriveId(event.eventId, 'retirement'),
            batchId: data.tokenId,
            accountId: data.userId,
            quantity: data.tokenAmount,
            beneficiary: data.account,
            purpose: data.purpose,
            standard: DEFAULT_RETIREMENT_STANDARD,
            offsetType: DEFAULT_OFFSET_TYPE,
            retiredBy: data.userId,
            burnTxHash: data.txHash,
            ...(data.nftBurnTxHash ? { nftBurnTxHash: data.nftBurnTxHash } : {}),
          },
          context('register-burn', data.userId),
          () => undefined,
        );
      }
    } catch (error) {
      // A refusal (the registry holding changed since the burn was prepared) must not stop the reaction.
      if (error instanceof DomainError) {
        this.logger.warn(`${event.type} ${event.streamId} not registered: ${error.message}`);
        return;
      }
      throw error;
    }
  }
}
