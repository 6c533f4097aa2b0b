import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type DirectTradeOfferView, type ListDirectTradeOffersResponse, type ListTradeOffersParams, pageOf } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { afterNewestThenId, instantKey } from '../../shared/keyset-page.js';

export class ListTradeOffersQuery extends Query<ListDirectTradeOffersResponse> {
  constructor(
    readonly userId: string,
    readonly now: Date,
    readonly page: ListTradeOffersParams,
  ) {
    super();
  }
}

/** The caller's direct trade offers, incoming and outgoing, newest first; an open one past its expiry is listed as expired. */
@QueryHandler(ListTradeOffersQuery)
export class ListTradeOffersHandler implements IQueryHandler<ListTradeOffersQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId, now, page: { limit, cursor } }: ListTradeOffersQuery): Promise<ListDirectTradeOffersResponse> {
    let query = this.db
      .selectFrom('direct_trade_offers')
      .selectAll()
      .select(instantKey('offered_at').as('at_key'))
      .where((eb) => eb.or([eb('seller_account_id', '=', userId), eb('buyer_account_id', '=', userId)]));
    if (cursor) query = query.where(afterNewestThenId({ at: 'offered_at', id: 'offer_id' }, cursor, 'text'));
    const found = await query
      .orderBy('offered_at', 'desc')
      .orderBy('offer_id')
      .limit(limit + 1)
      .execute();
    const { rows, nextCursor } = pageOf(found, limit, 'trade-offers', (row) => [row.at_key, row.offer_id]);
    const offers = rows.map((row): DirectTradeOfferView => ({
      offerId: row.offer_id,
      direction: row.buyer_account_id === userId ? 'incoming' : 'outgoing',
      tokenId: row.token_id,
      projectType: row.project_type,
      vintage: row.vintage,
      sellerAccountId: row.seller_account_id,
      buyerAccountId: row.buyer_account_id,
      quantity: row.quantity,
      price: Number(row.price).toFixed(2),
      status: row.status === 'open' && row.expires_at.getTime() <= now.getTime() ? 'expired' : row.status,
      tradeId: row.trade_id,
      offeredAt: row.offered_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
      closedAt: row.closed_at?.toISOString() ?? null,
    }));
    return { offers, nextCursor };
  }
}
