import type { CreditLabel, OrderProjectType, OrderSide, PlaceOrderRequest } from '@carbon-ledger/contracts';

/** What the inputs hold: Mantine's NumberInput yields a number, or text while it is partial. */
export type NumericInputValue = number | string;

export interface OrderFormValues {
  type: OrderSide;
  amount: NumericInputValue;
  price: NumericInputValue;
  projectType: OrderProjectType;
  vintage: NumericInputValue;
  /** A buy for labelled credits: every serial it takes carries all of these (a sell sends none). */
  labels: CreditLabel[];
}

export function defaultOrderFormValues(currentYear: number): OrderFormValues {
  return { type: 'buy', amount: 0, price: 0, projectType: 'Solar Energy', vintage: currentYear, labels: [] };
}

/** Whole credits; text that is not a number becomes 0. */
export function parseAmount(value: NumericInputValue): number {
  const amount = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value, 10);
  return Number.isFinite(amount) ? amount : 0;
}

/** Dollars with at most 2 decimals; text that is not a number becomes 0. */
export function parsePrice(value: NumericInputValue): number {
  const price = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(price) ? Math.round(price * 100) / 100 : 0;
}

/** Cents of a 2-decimal price; text that is not a number becomes 0. */
export function parsePriceCents(value: NumericInputValue): number {
  return Math.round(parsePrice(value) * 100);
}

/** An order as the form holds it so far, for what a screen shows under the form (a buy's reservation). */
export interface OrderDraft {
  side: OrderSide;
  amount: number;
  limitCents: number;
}

export function toOrderDraft(side: OrderSide, amount: NumericInputValue, price: NumericInputValue): OrderDraft {
  return { side, amount: parseAmount(amount), limitCents: parsePriceCents(price) };
}

/** A year; text that is not a number falls back to the current year. */
export function parseVintage(value: NumericInputValue, currentYear: number): number {
  const vintage = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value, 10);
  return Number.isFinite(vintage) ? vintage : currentYear;
}

export type OrderFormCheck = { valid: true; request: PlaceOrderRequest } | { valid: false };

/** Amount and price must both be greater than 0; the price travels as a string. */
export function toPlaceOrderRequest(values: OrderFormValues, currentYear: number): OrderFormCheck {
  const amount = parseAmount(values.amount);
  const price = parsePrice(values.price);
  if (amount <= 0 || price <= 0) return { valid: false };
  return {
    valid: true,
    request: {
      type: values.type,
      amount,
      price: price.toFixed(2),
      projectType: values.projectType,
      vintage: parseVintage(values.vintage, currentYear),
      ...(values.type === 'buy' && values.labels.length > 0 ? { labels: values.labels } : {}),
    },
  };
}
