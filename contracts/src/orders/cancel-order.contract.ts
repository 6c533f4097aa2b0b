import { z } from 'zod';
import { orderView } from './orders.views.js';

export const cancelOrderParams = z.object({ id: z.uuid('Order id must be a UUID') });
export const cancelOrderResponse = orderView.extend({ position: z.string() });
export type CancelOrderResponse = z.infer<typeof cancelOrderResponse>;
