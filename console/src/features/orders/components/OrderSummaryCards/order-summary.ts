import type { ListOrdersResponse, OrderView } from '@carbon-ledger/contracts';
import { formatUsdCents, priceToCents } from '../../../../shared/format/format-usd';

/** The list answer as the cards read it; server totals may be missing from older answers. */
export type OrdersForSummary = Pick<ListOrdersResponse, 'orders'> & Partial<Pick<ListOrdersResponse, 'totalOrders' | 'pendingOrders' | 'averagePrice'>>;

export interface OrderSummary {
  totalOrders: number;
  pendingOrders: number;
  /** "$12.34"; "$0.00" with no orders. */
  averagePrice: string;
}

function averagePriceCents(orders: readonly OrderView[]): bigint {
  if (orders.length === 0) return 0n;
  const sum = orders.reduce((total, order) => total + priceToCents(order.price), 0n);
  const count = BigInt(orders.length);
  // Round half up: integer division truncates.
  return (sum * 2n + count) / (count * 2n);
}

/** Totals come from the server when it sends them, else from the list. */
export function summarizeOrders(list: OrdersForSummary | undefined): OrderSummary {
  const orders = list?.orders ?? [];
  return {
    totalOrders: list?.totalOrders ?? orders.length,
    pendingOrders: list?.pendingOrders ?? orders.filter((order) => order.status === 'pending').length,
    averagePrice: formatUsdCents(list?.averagePrice === undefined ? averagePriceCents(orders) : priceToCents(list.averagePrice)),
  };
}
