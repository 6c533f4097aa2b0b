import type { OrderView } from '@carbon-ledger/contracts';
import { priceToCents } from '../../../../shared/format/format-usd';

/** amount x price in cents, exact. */
export function orderTotalCents(order: Pick<OrderView, 'amount' | 'price'>): bigint {
  return BigInt(order.amount) * priceToCents(order.price);
}
