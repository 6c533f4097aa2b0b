import { z } from 'zod';

/**
 * The limits every number a request carries must respect, so that whatever the contracts accept
 * (and every value derived from it) fits the read-model columns, the XRPL amount format and
 * JavaScript's safe integers (docs/totality.md). The inputs are bounded, the columns stay:
 *
 * - credits (order amount, transfer, retirement, serial numbers): `integer` columns, at most 2^31 - 1;
 * - a price per credit: `numeric(12, 2)` holds 9,999,999,999.99, but a value is priced as
 *   credits × price in `numeric(16, 2)` columns (AML `amount_usd`, at most 99,999,999,999,999.99)
 *   and in JavaScript cents (at most 2^53 - 1 = 9,007,199,254,740,991). With at most
 *   1,000,000,000 credits at 10,000.00 a credit, a notional is at most 10^13 USD (10^15 cents):
 *   it fits both, and so does a retirement valued at its market's last trade price;
 * - XRP: whole drops as a safe integer (10^9 XRP = 10^15 drops), and the XRP paid per credit of an
 *   AMM swap (its price in the trades read model) at most the price bound.
 */
export const MAX_CREDITS = 1_000_000_000;
export const MAX_PRICE_PER_CREDIT = 10_000;
export const MAX_XRP_AMOUNT = 1_000_000_000;
/** The largest value credits × price can take: it must fit numeric(16, 2) and safe-integer cents. */
export const MAX_NOTIONAL_USD = MAX_CREDITS * MAX_PRICE_PER_CREDIT;

/** "1000.5", "42.50": at most 2 decimals, no sign, no exponent. */
const PRICE_TEXT = /^\d{1,10}(\.\d{1,2})?$/;

/** A whole number of credits, 1 … MAX_CREDITS. */
export function creditAmount(options: { label: string; requiredMessage?: string; integerMessage?: string }) {
  const { label } = options;
  return z
    .number({ error: options.requiredMessage ?? `${label} must be a whole number` })
    .int(options.integerMessage ?? `${label} must be a whole number`)
    .positive(`${label} must be greater than 0`)
    .max(MAX_CREDITS, `${label} must be at most ${MAX_CREDITS}`);
}

/** A price per credit in USD as a decimal string with at most 2 decimals, 0.01 … MAX_PRICE_PER_CREDIT. */
export function pricePerCredit(options: { label?: string; requiredMessage?: string } = {}) {
  const label = options.label ?? 'Price';
  return z
    .string({ error: options.requiredMessage ?? `${label} must be sent as a string` })
    .regex(PRICE_TEXT, `${label} must be a number with at most 2 decimals`)
    .refine((price) => Number(price) > 0, `${label} must be greater than 0`)
    .refine((price) => Number(price) <= MAX_PRICE_PER_CREDIT, `${label} must be at most ${MAX_PRICE_PER_CREDIT} per credit`);
}
