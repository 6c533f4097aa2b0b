import { type DirectTradeOfferWithdrawn, platformFeeCents, priceToCents, type TradeCash } from '@carbon-ledger/contracts';
import { DomainError } from '../../shared/domain-error.js';
import type { DecideCommand, DecideContext } from '../market-commands.js';
import { type CreditMarketEvent, type OfferState, requireBatch, requireOffer, takeOfBatch } from '../market-state.js';

/** An administrator's transfer: a trade at once, outside the order book. */
export const decideTransferCredits: DecideCommand<'TransferCredits'> = (command, state, context) => {
  requireBatch(state, command.batchId);
  refuseTradeWithSelf(command);
  const ranges = takeOfBatch(state, command.sellerAccountId, command.quantity, command.batchId);
  return [directTrade(command.tradeId, context.market, { ...command, ranges }, context.now.toISOString())];
};

/** An offer to one buyer: its serials go into escrow until it is accepted or withdrawn. */
export const decideOfferDirectTrade: DecideCommand<'OfferDirectTrade'> = (command, state, context) => {
  requireBatch(state, command.batchId);
  refuseTradeWithSelf(command);
  if (state.offers.has(command.offerId)) throw new DomainError('Conflict', 'This offer already exists');
  const ranges = takeOfBatch(state, command.sellerAccountId, command.quantity, command.batchId);
  return [
    {
      type: 'DirectTradeOffered',
      data: {
        offerId: command.offerId,
        batchId: command.batchId,
        projectType: context.market.projectType,
        vintage: context.market.vintage,
        sellerAccountId: command.sellerAccountId,
        buyerAccountId: command.buyerAccountId,
        quantity: command.quantity,
        price: command.price,
        ranges,
        offeredAt: context.now.toISOString(),
        expiresAt: command.expiresAt.toISOString(),
      },
    },
  ];
};

export const decideAcceptDirectTradeOffer: DecideCommand<'AcceptDirectTradeOffer'> = (command, state, context) => {
  const offer = requireOffer(state, command.offerId);
  if (offer.buyerAccountId !== command.buyerAccountId) throw new DomainError('Forbidden', 'Only the buyer named in an offer can accept it');
  if (offerExpired(offer, context.now)) throw new DomainError('Conflict', `This offer expired at ${offer.expiresAt}`, { expiresAt: offer.expiresAt });
  const cost = offerCostCents(offer);
  if (command.funding.reservedCents !== cost.totalCents) {
    throw new DomainError('ValidationFailed', `The reservation holds ${command.funding.reservedCents} cents; the offer costs ${cost.totalCents} with the fee`);
  }
  const paid = { cash: { notionalCents: cost.notionalCents, feeCents: cost.feeCents, releasedCents: 0 }, offerId: offer.offerId };
  return [directTrade(command.tradeId, context.market, offer, context.now.toISOString(), paid)];
};

export const decideWithdrawDirectTradeOffer: DecideCommand<'WithdrawDirectTradeOffer'> = (command, state, context) => {
  const offer = requireOffer(state, command.offerId);
  const expired = offerExpired(offer, context.now);
  const party = command.requestedBy === offer.sellerAccountId || command.requestedBy === offer.buyerAccountId;
  // Once it expired either party may close it; before, the buyer declines and the seller cancels.
  const reason: DirectTradeOfferWithdrawn['data']['reason'] | undefined = expired
    ? 'expired'
    : command.requestedBy === offer.sellerAccountId
      ? 'cancelled'
      : command.requestedBy === offer.buyerAccountId
        ? 'declined'
        : undefined;
  if (!reason || (!party && !command.isAdmin)) throw new DomainError('Forbidden', 'Only the seller or the buyer of an offer can close it');
  return [
    {
      type: 'DirectTradeOfferWithdrawn',
      data: { offerId: offer.offerId, reason, withdrawnBy: command.requestedBy, released: [...offer.ranges], withdrawnAt: context.now.toISOString() },
    },
  ];
};

export function offerExpired(offer: Pick<OfferState, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= Date.parse(offer.expiresAt);
}

/** The buyer's reservation pays for exactly the offer's notional and its fee (docs/funds.md): the trade posts both with the serials. */
export function offerCostCents(offer: Pick<OfferState, 'quantity' | 'price'>): { notionalCents: number; feeCents: number; totalCents: number } {
  const notionalCents = offer.quantity * priceToCents(offer.price);
  const feeCents = platformFeeCents(notionalCents);
  return { notionalCents, feeCents, totalCents: notionalCents + feeCents };
}

/** A trade outside the order book (an admin's transfer, an accepted offer): no orders, no aggressor. */
export function directTrade(
  tradeId: string,
  market: DecideContext['market'],
  trade: Pick<OfferState, 'buyerAccountId' | 'sellerAccountId' | 'quantity' | 'price' | 'ranges'>,
  executedAt: string,
  paid?: { readonly cash: TradeCash; readonly offerId: string },
): CreditMarketEvent {
  return {
    type: 'TradeExecuted',
    data: {
      tradeId,
      kind: 'direct',
      projectType: market.projectType,
      vintage: market.vintage,
      buyOrderId: null,
      sellOrderId: null,
      aggressor: null,
      buyerAccountId: trade.buyerAccountId,
      sellerAccountId: trade.sellerAccountId,
      quantity: trade.quantity,
      price: trade.price,
      ranges: [...trade.ranges],
      settlement: { status: 'pending' },
      ...paid,
      executedAt,
    },
  };
}

function refuseTradeWithSelf(trade: { readonly sellerAccountId: string; readonly buyerAccountId: string }): void {
  if (trade.sellerAccountId === trade.buyerAccountId) {
    throw new DomainError('ValidationFailed', 'The buyer account is the seller account; choose another buyer');
  }
}
