import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DIRECT_TRADE_OFFER_TTL_MS, marketOfTokenId, type Position, type TradeCreditsCommand as TradeRequest } from '@carbon-ledger/contracts';
import { describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';

export interface TradeCreditsResult {
  readonly transactionId: string;
  readonly status: 'offered';
  readonly quantity: number;
  readonly price: string;
  readonly serialRanges: string[];
  readonly expiresAt: string;
  readonly position: Position;
}

export class TradeCreditsCommand extends Command<TradeCreditsResult> {
  constructor(
    readonly request: TradeRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The product's Trade (/api/trade). Credits never move without their price (docs/funds.md, "Direct trades"):
 * the seller cannot take the buyer's money, so the transfer is an offer to the named buyer. Its
 * serials are escrowed in the market at once (they cannot be sold twice); they move, with the
 * buyer's payment, when the buyer accepts, and go back on a decline, a cancel or after expiry.
 */
@CommandHandler(TradeCreditsCommand)
export class TradeCreditsHandler implements ICommandHandler<TradeCreditsCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
  ) {}

  async execute({ request, context }: TradeCreditsCommand): Promise<TradeCreditsResult> {
    const market = marketOfTokenId(request.tokenId);
    if (!market) throw new DomainError('NotFound', `No credits found for token ${request.tokenId}`);
    await this.kyc.requireVerifiedTrader(context.actor.userId, context.now);
    const buyer = await this.db.selectFrom('users').select('user_id').where('user_id', '=', request.buyerAccountId).executeTakeFirst();
    if (!buyer) throw new DomainError('NotFound', `No registry account ${request.buyerAccountId}`);
    const offerId = deriveId(context.commandId, 'direct-offer');
    const expiresAt = new Date(context.now.getTime() + DIRECT_TRADE_OFFER_TTL_MS);
    const outcome = await this.markets.execute(
      market.projectType,
      market.vintage,
      {
        type: 'OfferDirectTrade',
        offerId,
        batchId: request.tokenId,
        sellerAccountId: context.actor.userId,
        buyerAccountId: request.buyerAccountId,
        quantity: request.amount,
        price: request.price,
        expiresAt,
      },
      context,
      (state, events) => {
        const offered = events.find((event) => event.type === 'DirectTradeOffered');
        return offered?.type === 'DirectTradeOffered'
          ? { serialRanges: describeRanges(state, offered.data.ranges), expiresAt: offered.data.expiresAt }
          : { serialRanges: [], expiresAt: expiresAt.toISOString() };
      },
    );
    return {
      transactionId: offerId,
      status: 'offered',
      quantity: request.amount,
      price: request.price,
      serialRanges: outcome.result.serialRanges,
      expiresAt: outcome.result.expiresAt,
      position: outcome.position,
    };
  }
}
