import { z } from 'zod';

const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A funded buy order: the reservation in its owner's cash stream that pays for it. */
export const orderFunding = z.object({ reservationId: z.uuid(), reservedCents: cents.min(1) });
export type OrderFunding = z.infer<typeof orderFunding>;

/** The cash of a fill of a funded buy order, carried by its TradeExecuted: posted once, with the serials. */
export const tradeCash = z.object({ notionalCents: cents, feeCents: cents, releasedCents: cents });
export type TradeCash = z.infer<typeof tradeCash>;
