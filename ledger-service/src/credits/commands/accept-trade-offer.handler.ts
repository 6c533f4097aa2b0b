import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { centsToPrice, type Position } from '@carbon-ledger/contracts';
import { describeRanges, offerCostCents, offerExpired } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { FUNDED_BUYS, type FundedBuys } from '../../credit-market/funded-buys.port.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import { closedOffer, findOffer } from './direct-trade-offer.js';

export interface AcceptTradeOfferResult {
  readonly transactionId: string;
  readonly offerId: string;
  readonly status: 'accepted';
  readonly quantity: number;
  readonly price: string;
  readonly serialRanges: string[];
  readonly notional: string;
  readonly fee: string;
  readonly position: Position;
}

export class AcceptTradeOfferCommand extends Command<AcceptTradeOfferResult> {
  constructor(
    readonly offerId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The buyer accepts a direct trade offer (docs/funds.md, "Direct trades"): a KYC-verified trader, as
 * for any buy. Its cost and fee are reserved in the buyer's cash stream first (409 with the available
 * balance when short; the offer stays open), then the escrowed serials and the cash move together.
 */
@CommandHandler(AcceptTradeOfferCommand)
export class AcceptTradeOfferHandler implements ICommandHandler<AcceptTradeOfferCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(FUNDED_BUYS) private readonly funded: FundedBuys,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
  ) {}

  async execute({ offerId, context }: AcceptTradeOfferCommand): Promise<AcceptTradeOfferResult> {
    const listed = await findOffer(this.db, offerId);
    const buyerId = context.actor.userId;
    if (listed.buyerAccountId !== buyerId) throw new DomainError('Forbidden', 'Only the buyer named in an offer can accept it');
    await this.kyc.requireVerifiedTrader(buyerId, context.now);
    // Checked before anything is reserved; the market checks again when it accepts.
    const offer = await this.markets.read(listed.projectType, listed.vintage, (state) => state.offers.get(offerId));
    const alreadyAccepted = listed.status === 'accepted';
    if (!offer && !alreadyAccepted) throw closedOffer(listed);
    if (offer && offerExpired(offer, context.now))
      throw new DomainError('Conflict', `This offer expired at ${offer.expiresAt}`, { expiresAt: offer.expiresAt });
    const accepted = offer ?? (await this.acceptedOffer(offerId));
    const outcome = await this.funded.acceptOffer(
      { offerId, buyerAccountId: buyerId, projectType: listed.projectType, vintage: listed.vintage, quantity: accepted.quantity, price: accepted.price },
      context,
      (state, events) => {
        const trade = events.find((event) => event.type === 'TradeExecuted');
        return trade?.type === 'TradeExecuted'
          ? { tradeId: trade.data.tradeId, serialRanges: describeRanges(state, trade.data.ranges) }
          : { tradeId: undefined, serialRanges: [] };
      },
    );
    const cost = offerCostCents(accepted);
    const tradeId = outcome.result.tradeId ?? (await this.acceptedOffer(offerId)).tradeId;
    return {
      transactionId: tradeId,
      offerId,
      status: 'accepted',
      quantity: accepted.quantity,
      price: accepted.price,
      serialRanges: outcome.result.serialRanges,
      notional: centsToPrice(cost.notionalCents),
      fee: centsToPrice(cost.feeCents),
      position: outcome.position,
    };
  }

  /** An offer accepted already (another accept of it came first): its terms and trade from the read model. */
  private async acceptedOffer(offerId: string): Promise<{ quantity: number; price: string; tradeId: string }> {
    const row = await this.db
      .selectFrom('direct_trade_offers')
      .select(['quantity', 'price', 'trade_id'])
      .where('offer_id', '=', offerId)
      .executeTakeFirstOrThrow();
    return { quantity: row.quantity, price: Number(row.price).toFixed(2), tradeId: row.trade_id ?? '' };
  }
}
