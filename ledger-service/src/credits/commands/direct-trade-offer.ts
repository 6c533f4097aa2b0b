import type { CreditProjectType } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { DomainError } from '../../shared/domain-error.js';

/** An offer as the read model lists it: which market holds it, and how it closed if it did. */
export interface ListedOffer {
  readonly offerId: string;
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  readonly sellerAccountId: string;
  readonly buyerAccountId: string;
  readonly quantity: number;
  readonly price: string;
  readonly expiresAt: string;
  readonly status: string;
}

/** The market of an offer, from the read model (the offer's POST waited for it). 404 for an unknown id. */
export async function findOffer(db: ReadModels, offerId: string): Promise<ListedOffer> {
  const row = await db
    .selectFrom('direct_trade_offers')
    .select(['offer_id', 'project_type', 'vintage', 'seller_account_id', 'buyer_account_id', 'quantity', 'price', 'expires_at', 'status'])
    .where('offer_id', '=', offerId)
    .executeTakeFirst();
  if (!row) throw new DomainError('NotFound', `No offer ${offerId}`);
  return {
    offerId: row.offer_id,
    projectType: row.project_type as CreditProjectType,
    vintage: row.vintage,
    sellerAccountId: row.seller_account_id,
    buyerAccountId: row.buyer_account_id,
    quantity: row.quantity,
    price: Number(row.price).toFixed(2),
    expiresAt: row.expires_at.toISOString(),
    status: row.status,
  };
}

/** The refusal for an offer the market no longer holds open. */
export function closedOffer(offer: ListedOffer): DomainError {
  const how = offer.status === 'open' ? 'closed' : offer.status;
  return new DomainError('Conflict', `This offer was ${how}`, { status: offer.status });
}
