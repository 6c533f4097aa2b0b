import { z } from 'zod';
import { creditLabels } from '../credit-market/credit-use.js';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { serialRange } from '../credit-market/serial-range.js';
import { orderFunding } from '../credit-market/market-cash.js';
import { orderSides } from './orders.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

/** Decimal string with at most 2 decimals, e.g. "42.50". */
export const moneyString = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/);

export const orderPlacedData = z.object({
  orderId: z.uuid(),
  ownerId: z.string().min(1),
  side: z.enum(orderSides),
  amount: z.number().int().positive(),
  price: moneyString,
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  /** Sell orders: the seller's serial blocks held in escrow until matched or cancelled. */
  reserved: z.array(serialRange).optional(),
  /** Funded buy orders: the reservation in the owner's cash stream that pays for it (docs/funds.md). */
  funding: orderFunding.optional(),
  /** Buy orders for labelled credits: every serial it takes comes from a batch carrying all of these. */
  labels: z.array(z.enum(creditLabels)).min(1).optional(),
  placedAt: z.iso.datetime(),
});

export const orderCancelledData = z.object({
  orderId: z.uuid(),
  cancelledBy: z.string().min(1),
  /** The amount that had not traded. */
  remaining: z.number().int().nonnegative().optional(),
  /** Serial blocks of a sell order's escrow that go back to the seller. */
  released: z.array(serialRange).optional(),
  /**
   * Set when the market cancelled the order's remainder by self-trade prevention (cancel-newest,
   * docs/self-trade-prevention.md): the owner's own resting order it would have crossed.
   */
  selfTradeWith: z.object({ orderId: z.uuid(), side: z.enum(orderSides), price: moneyString }).optional(),
  /** A funded buy order's hold that goes back to the buyer's available balance (the rest of its reservation voided). */
  releasedCents: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
  cancelledAt: z.iso.datetime(),
});

export const orderEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('OrderPlaced'), data: orderPlacedData }),
  z.object({ type: z.literal('OrderCancelled'), data: orderCancelledData }),
]);
export type OrderEvent = z.infer<typeof orderEvent>;
export type OrderPlaced = Extract<OrderEvent, { type: 'OrderPlaced' }>;
export type OrderCancelled = Extract<OrderEvent, { type: 'OrderCancelled' }>;

export const orderEventTypes = eventTypesOf(orderEvent);

/** Narrows a recorded event of the log (validated when it was appended) to an order event. */
export const isOrderEvent = eventGuard<OrderEvent>(orderEventTypes);
