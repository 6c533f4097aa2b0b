import { marketplaceCreditTypes, type OrderSide, type PlaceOrderRequest } from '@carbon-ledger/contracts';
import type { MarketSelection } from '../../api/get-marketplace';
import { parseAmount, parsePrice, parsePriceCents, type NumericInputValue } from '../CreateOrderForm/order-form-values';

/** Cents of quantity x price, exact for a 2-decimal price. */
export function totalCostCents(quantity: NumericInputValue, price: NumericInputValue): number {
  return parseAmount(quantity) * parsePriceCents(price);
}

export type MarketplaceOrderCheck = { valid: true; request: PlaceOrderRequest } | { valid: false };

/** Quantity at least 1 and a price above 0 (the order book takes nothing less); the price travels as a string. */
export function toMarketplaceOrder(side: OrderSide, market: MarketSelection, quantity: NumericInputValue, price: NumericInputValue): MarketplaceOrderCheck {
  const amount = parseAmount(quantity);
  const perCredit = parsePrice(price);
  const creditType = marketplaceCreditTypes.find((type) => type.value === market.creditType);
  if (amount < 1 || perCredit <= 0 || !creditType) return { valid: false };
  return {
    valid: true,
    request: { type: side, amount, price: perCredit.toFixed(2), projectType: creditType.projectType, vintage: market.vintage },
  };
}
