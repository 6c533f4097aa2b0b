import type { SwapAsset, SwapPathQuery } from '@carbon-ledger/contracts';

export interface SwapQuoteFormValues {
  /** What the NumberInput holds: a number, or text while typing ('' when empty). */
  amount: number | string;
  from: SwapAsset;
  to: SwapAsset;
}

export const defaultSwapQuoteFormValues: SwapQuoteFormValues = { amount: '', from: 'XRP', to: 'NXCC' };

export type SwapQuoteCheck = { valid: true; request: SwapPathQuery } | { valid: false; problem: 'invalid-amount' | 'same-assets' };

/** Spec section 5, checked in this order before any request: a positive amount, then two different assets. */
export function toSwapQuoteRequest({ amount, from, to }: SwapQuoteFormValues): SwapQuoteCheck {
  const value = typeof amount === 'number' ? amount : amount.trim() === '' ? Number.NaN : Number(amount);
  if (!Number.isFinite(value) || value <= 0) return { valid: false, problem: 'invalid-amount' };
  if (from === to) return { valid: false, problem: 'same-assets' };
  return { valid: true, request: { from, to, amount: value } };
}
