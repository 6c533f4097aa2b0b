import { z } from 'zod';
import { orderView } from './orders.views.js';

/** Whose orders a list covers: the caller's own (default), or everyone's (oversight roles only). */
export const orderScopes = ['mine', 'all'] as const;
export type OrderScope = (typeof orderScopes)[number];

export const listOrdersParams = z.object({
  scope: z.enum(orderScopes, { error: `scope must be one of: ${orderScopes.join(', ')}` }).default('mine'),
});
export type ListOrdersParams = z.infer<typeof listOrdersParams>;

export const listOrdersResponse = z.object({
  /** The scope the list and its totals cover. */
  scope: z.enum(orderScopes),
  orders: z.array(orderView),
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  /** Average price over the scope's orders, 2 decimals; "0.00" with none. */
  averagePrice: z.string(),
});
export type ListOrdersResponse = z.infer<typeof listOrdersResponse>;
