import { z } from 'zod';
import { creditAmount, pricePerCredit } from '../shared/bounded-amounts.js';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { creditLabels } from '../credit-market/credit-use.js';
import { orderSides } from './orders.constants.js';
import { orderView } from './orders.views.js';

export const placeOrderRequest = z
  .object({
    type: z.enum(orderSides),
    amount: creditAmount({ label: 'Amount' }),
    price: pricePerCredit(),
    projectType: z.enum(creditProjectTypes, {
      error: `Project type must be one of: ${creditProjectTypes.join(', ')}`,
    }),
    vintage: z
      .number({ error: 'Vintage must be a year' })
      .int('Vintage must be a year')
      .min(1990, 'Vintage must be a year from 1990')
      .max(2100, 'Vintage must be a year up to 2100'),
    /**
     * A buy order that takes only serials of batches carrying every one of these labels
     * (docs/credit-use.md, "Bids for labelled credits"); a sell order carries its serials' labels.
     */
    labels: z
      .array(z.enum(creditLabels, { error: `Labels must be among: ${creditLabels.join(', ')}` }))
      .max(creditLabels.length)
      .refine((labels) => new Set(labels).size === labels.length, 'Each label once')
      .optional(),
  })
  .superRefine((order, context) => {
    if (order.type === 'sell' && order.labels && order.labels.length > 0) {
      context.addIssue({ code: 'custom', path: ['labels'], message: 'Labels restrict a buy order; a sell order carries the labels of its serials' });
    }
  });
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const placeOrderResponse = orderView.extend({
  /** Log position of the OrderPlaced event ("commit:prepare"). */
  position: z.string(),
  /** Why part of the order did not trade and was cancelled, e.g. "2 not filled: your own sell order at 99.50". */
  notFilled: z.string().optional(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;
