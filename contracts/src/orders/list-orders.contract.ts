import { z } from 'zod';
import { orderView } from './orders.views.js';
import { cursorKeyParts, nextCursorField, pageQuery } from '../shared/paging.js';

/** Whose orders a list covers: the caller's own (default), or everyone's (oversight roles only). */
export const orderScopes = ['mine', 'all'] as const;
export type OrderScope = (typeof orderScopes)[number];

/** The book shows the newest orders first (then by id), a page of 100 by default; the totals cover all of them. */
export const ORDERS_PAGE = 100;

export const listOrdersParams = pageQuery('orders', z.tuple([cursorKeyParts.instant, cursorKeyParts.uuid]), ORDERS_PAGE).extend({
  scope: z.enum(orderScopes, { error: `scope must be one of: ${orderScopes.join(', ')}` }).default('mine'),
});
export type ListOrdersParams = z.infer<typeof listOrdersParams>;

export const listOrdersResponse = z.object({
  /** The scope the list and its totals cover. */
  scope: z.enum(orderScopes),
  /** Newest first, one page (?limit=&cursor=); the totals below are whole-scope figures. */
  orders: z.array(orderView),
  nextCursor: nextCursorField,
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  /** Average price over the scope's orders, 2 decimals; "0.00" with none. */
  averagePrice: z.string(),
});
export type ListOrdersResponse = z.infer<typeof listOrdersResponse>;
