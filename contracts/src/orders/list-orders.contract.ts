import { z } from 'zod';
import { orderView } from './orders.views.js';

export const listOrdersResponse = z.object({
  orders: z.array(orderView),
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  /** Average price over all orders, 2 decimals; "0.00" with none. */
  averagePrice: z.string(),
});
export type ListOrdersResponse = z.infer<typeof listOrdersResponse>;
