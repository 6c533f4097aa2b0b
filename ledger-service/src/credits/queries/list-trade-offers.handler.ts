import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DirectTradeOfferView, ListDirectTradeOffersResponse } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';

const NEWEST = 200;

export class ListTradeOffersQuery extends Query<ListDirectTradeOffersResponse> {
  constructor(
    readonly userId: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** The caller's direct trade offers, incoming and outgoing, newest first; an open one past its expiry is listed as expired. */
@QueryHandler(ListTradeOffersQuery)
export class ListTradeOffersHandler implements IQueryHandler<ListTradeOffersQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ userId, now }: ListTradeOffersQuery): Promise<ListDirectTradeOffersResponse> {
    const rows = await this.db
      .selectFrom('direct_trade_offers')
      .selectAll()
      .where((eb) => eb.or([eb('seller_account_id', '=', userId), eb('buyer_account_id', '=', userId)]))
      .orderBy('offered_at', 'desc')
      .orderBy('offer_id')
      .limit(NEWEST)
      .execute();
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
    return { offers };
  }
}
