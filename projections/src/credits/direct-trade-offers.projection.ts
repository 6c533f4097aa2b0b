import { type CreditEvent, isCreditEvent } from '@carbon-ledger/contracts';
import { applyEach, exhaustive, insertOnce, type Projection, type ProjectionWriter } from '../runtime/projection.js';

async function applyCreditEvent(db: ProjectionWriter, event: CreditEvent): Promise<boolean> {
  switch (event.type) {
    case 'DirectTradeOffered': {
      const { data } = event;
      await insertOnce(db, 'direct_trade_offers', 'offer_id', {
        offer_id: data.offerId,
        token_id: data.batchId,
        project_type: data.projectType,
        vintage: data.vintage,
        seller_account_id: data.sellerAccountId,
        buyer_account_id: data.buyerAccountId,
        quantity: data.quantity,
        price: data.price,
        status: 'open',
        trade_id: null,
        offered_at: data.offeredAt,
        expires_at: data.expiresAt,
        closed_at: null,
      });
      return true;
    }
    case 'DirectTradeOfferWithdrawn':
      await db
        .updateTable('direct_trade_offers')
        .set({ status: event.data.reason, closed_at: event.data.withdrawnAt })
        .where('offer_id', '=', event.data.offerId)
        .execute();
      return true;
    case 'TradeExecuted':
      if (event.data.offerId === undefined) return false;
      await db
        .updateTable('direct_trade_offers')
        .set({ status: 'accepted', trade_id: event.data.tradeId, closed_at: event.data.executedAt })
        .where('offer_id', '=', event.data.offerId)
        .execute();
      return true;
    case 'CreditsIssued':
    case 'CreditsRetired':
    case 'XrplSettlementRecorded':
    case 'CreditsTokenized':
    case 'CreditsRedeemed':
    case 'CreditsCancelled':
      return false;
    default:
      return exhaustive(event);
  }
}

/** Direct trade offers with their status, for both parties (GET /api/trade/offers). Idempotent on replay: inserts skip, updates set. */
export const directTradeOffersProjection: Projection = {
  name: 'direct-trade-offers',
  eventTypes: new Set<string>(['DirectTradeOffered', 'DirectTradeOfferWithdrawn', 'TradeExecuted']),
  // Order-book trades (nearly all of them) settle no offer.
  handles: (event) => event.type !== 'TradeExecuted' || (isCreditEvent(event) && event.type === 'TradeExecuted' && event.data.offerId !== undefined),
  views: ['trade-offers'],
  tables: ['direct_trade_offers'],
  applyBatch: applyEach(async (recorded, db) => isCreditEvent(recorded) && (await applyCreditEvent(db, recorded))),
};
