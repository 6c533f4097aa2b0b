import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { creditLabels } from '../credit-market/credit-use.js';
import { orderSides, orderStatuses } from './orders.constants.js';

export const orderView = z.object({
  id: z.uuid(),
  type: z.enum(orderSides),
  amount: z.number().int(),
  /** Decimal string with 2 decimals. */
  price: z.string(),
  projectType: z.enum(creditProjectTypes),
  /** Credits traded so far. */
  filled: z.number().int(),
  vintage: z.number().int(),
  status: z.enum(orderStatuses),
  ownerId: z.string(),
  createdAt: z.iso.datetime(),
  /**
   * A sell order: the labels every serial in its escrow carries; a buy order: the labels it requires
   * of what it takes, none for any batch of its market (docs/credit-use.md); absent where the answer names none.
   */
  labels: z.array(z.enum(creditLabels)).optional(),
});
export type OrderView = z.infer<typeof orderView>;
