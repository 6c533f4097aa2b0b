import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DirectTradeOfferWithdrawn, Position } from '@carbon-ledger/contracts';
import { describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { closedOffer, findOffer } from './direct-trade-offer.js';

export interface WithdrawTradeOfferResult {
  readonly offerId: string;
  readonly status: DirectTradeOfferWithdrawn['data']['reason'];
  readonly released: string[];
  readonly position: Position;
}

export class WithdrawTradeOfferCommand extends Command<WithdrawTradeOfferResult> {
  constructor(
    readonly offerId: string,
    /** decline: the buyer's word; cancel: the seller's (or either party's once the offer expired). */
    readonly as: 'decline' | 'cancel',
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Declines (buyer) or cancels (seller) a direct trade offer; after expiry either party closes it. Its serials go back to the seller. */
@CommandHandler(WithdrawTradeOfferCommand)
export class WithdrawTradeOfferHandler implements ICommandHandler<WithdrawTradeOfferCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  async execute({ offerId, as, isAdmin, context }: WithdrawTradeOfferCommand): Promise<WithdrawTradeOfferResult> {
    const listed = await findOffer(this.db, offerId);
    const caller = context.actor.userId;
    const party = as === 'decline' ? listed.buyerAccountId : listed.sellerAccountId;
    const open = await this.markets.read(listed.projectType, listed.vintage, (state) => state.offers.get(offerId));
    const expired = open !== undefined && context.now.getTime() >= Date.parse(open.expiresAt);
    const eitherParty = caller === listed.buyerAccountId || caller === listed.sellerAccountId;
    if (caller !== party && !(expired && (eitherParty || isAdmin))) {
      throw new DomainError('Forbidden', as === 'decline' ? 'Only the buyer named in an offer can decline it' : 'Only the seller of an offer can cancel it');
    }
    try {
      const outcome = await this.markets.execute(
        listed.projectType,
        listed.vintage,
        { type: 'WithdrawDirectTradeOffer', offerId, requestedBy: caller, isAdmin },
        context,
        (state, events) => {
          const withdrawn = events.find((event) => event.type === 'DirectTradeOfferWithdrawn');
          return withdrawn?.type === 'DirectTradeOfferWithdrawn'
            ? { status: withdrawn.data.reason, released: describeRanges(state, withdrawn.data.released) }
            : undefined;
        },
      );
      if (!outcome.result) throw closedOffer(listed);
      return { offerId, ...outcome.result, position: outcome.position };
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NotFound') throw closedOffer(await findOffer(this.db, offerId));
      throw error;
    }
  }
}
