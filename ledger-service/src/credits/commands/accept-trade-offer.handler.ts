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
    // Checked before anything is reserved; the market checks again when it accepts. This process's market
    // state may lag another's (or hold the offer no more because a concurrent accept took it): an offer the
    // read model still lists as open or accepted goes on to the acceptance, whose ids derive from the offer,
    // so it is answered as the same acceptance, or refused and its reservation voided.
    const open = await this.markets.read(listed.projectType, listed.vintage, (state) => state.offers.get(offerId));
    if (!open && listed.status !== 'open' && listed.status !== 'accepted') throw closedOffer(listed);
    const terms = open ?? listed;
    if (offerExpired(terms, context.now) && listed.status !== 'accepted') {
      throw new DomainError('Conflict', `This offer expired at ${terms.expiresAt}`, { expiresAt: terms.expiresAt });
    }
    let outcome;
    try {
      outcome = await this.funded.acceptOffer(
        { offerId, buyerAccountId: buyerId, projectType: listed.projectType, vintage: listed.vintage, quantity: terms.quantity, price: terms.price },
        context,
        (state, events) => {
          const trade = events.find((event) => event.type === 'TradeExecuted');
          return trade?.type === 'TradeExecuted' ? { tradeId: trade.data.tradeId, serialRanges: describeRanges(state, trade.data.ranges) } : undefined;
        },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NotFound') throw closedOffer(await findOffer(this.db, offerId));
      throw error;
    }
    if (!outcome.result) throw closedOffer(listed);
    const cost = offerCostCents(terms);
    return {
      transactionId: outcome.result.tradeId,
      offerId,
      status: 'accepted',
      quantity: terms.quantity,
      price: terms.price,
      serialRanges: outcome.result.serialRanges,
      notional: centsToPrice(cost.notionalCents),
      fee: centsToPrice(cost.feeCents),
      position: outcome.position,
    };
  }
}
