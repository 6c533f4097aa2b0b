/**
 * XLS-30 constant-product swap with the pool's trading fee: the output for an
 * exact input is out = poolOut * (1 - poolIn / (poolIn + in * (1 - fee))).
 * Amounts are decimals in the assets' units (XRP, not drops).
 */
export function swapOutput(poolIn: number, poolOut: number, amountIn: number, feeFraction: number): number {
  if (!(poolIn > 0 && poolOut > 0 && amountIn > 0)) return 0;
  const effectiveIn = amountIn * (1 - feeFraction);
  return poolOut * (1 - poolIn / (poolIn + effectiveIn));
}

/** How much worse than the pool's spot price the swap executes, in percent (fee included). */
export function priceImpactPercent(poolIn: number, poolOut: number, amountIn: number, feeFraction: number): number {
  const out = swapOutput(poolIn, poolOut, amountIn, feeFraction);
  const spotOut = (amountIn * poolOut) / poolIn;
  return spotOut > 0 ? ((spotOut - out) / spotOut) * 100 : 0;
}

/** rippled expresses the trading fee in units of 1/100,000 (1000 = 1%). */
export const feeFractionFromTradingFee = (tradingFee: number): number => tradingFee / 100_000;
