import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { orderSides } from './orders.constants.js';
import { orderView } from './orders.views.js';

const MAX_AMOUNT = 1_000_000_000;

export const placeOrderRequest = z.object({
  type: z.enum(orderSides),
  amount: z
    .number({ error: 'Amount must be a whole number' })
    .int('Amount must be a whole number')
    .positive('Amount must be greater than 0')
    .max(MAX_AMOUNT, `Amount must be at most ${MAX_AMOUNT}`),
  price: z
    .string({ error: 'Price must be sent as a string' })
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Price must be a number with at most 2 decimals')
    .refine((price) => Number(price) > 0, 'Price must be greater than 0'),
  projectType: z.enum(creditProjectTypes, {
    error: `Project type must be one of: ${creditProjectTypes.join(', ')}`,
  }),
  vintage: z
    .number({ error: 'Vintage must be a year' })
    .int('Vintage must be a year')
    .min(1990, 'Vintage must be a year from 1990')
    .max(2100, 'Vintage must be a year up to 2100'),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

export const placeOrderResponse = orderView.extend({
  /** Log position of the OrderPlaced event ("commit:prepare"). */
  position: z.string(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponse>;
