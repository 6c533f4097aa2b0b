import { Num } from '../../protocol/number.js';

/** Trading fees are in units of 1/100,000 (AUCTION_SLOT_FEE_SCALE_FACTOR). */
const FEE_SCALE = Num.fromBigInt(100_000n);
const ONE = Num.one;
const TWO = Num.fromBigInt(2n);
const FOUR = Num.fromBigInt(4n);

export function feeFraction(tradingFee: number): Num {
  return Num.fromBigInt(BigInt(tradingFee)).div(FEE_SCALE);
}

/** 1 - fee */
export function feeMult(tradingFee: number): Num {
  return ONE.sub(feeFraction(tradingFee));
}

/** 1 - fee/2 */
export function feeMultHalf(tradingFee: number): Num {
  return ONE.sub(feeFraction(tradingFee).div(TWO));
}

export interface Pool {
  readonly in: Num;
  readonly out: Num;
}

/**
 * Output for `assetIn` paid into the pool (swapAssetIn with fixAMMv1_1 rounding, which
 * always favours the AMM): out = poolOut - poolIn * poolOut / (poolIn + in * (1 - fee)).
 */
export function swapAssetIn(pool: Pool, assetIn: Num, tradingFee: number): Num {
  const numerator = pool.in.mul(pool.out, 'upward');
  const fee = feeFraction(tradingFee);
  const denominator = pool.in.add(assetIn.mul(ONE.sub(fee, 'downward'), 'downward'), 'downward');
  if (denominator.signum() <= 0) return Num.zero;
  const ratio = numerator.div(denominator, 'upward');
  const out = pool.out.sub(ratio, 'downward');
  return out.signum() < 0 ? Num.zero : out;
}

/**
 * Input needed to take `assetOut` from the pool (swapAssetOut, rounded up):
 * in = (poolIn * poolOut / (poolOut - out) - poolIn) / (1 - fee).
 */
export function swapAssetOut(pool: Pool, assetOut: Num, tradingFee: number): Num | undefined {
  const numerator = pool.in.mul(pool.out, 'upward');
  const denominator = pool.out.sub(assetOut, 'downward');
  if (denominator.signum() <= 0) return undefined;
  const ratio = numerator.div(denominator, 'upward');
  const grossIn = ratio.sub(pool.in, 'upward');
  const mult = ONE.sub(feeFraction(tradingFee), 'downward');
  const assetIn = grossIn.div(mult, 'upward');
  return assetIn.signum() < 0 ? Num.zero : assetIn;
}

/** Initial LP tokens: sqrt(amount1 * amount2), rounded down so the invariant holds. */
export function initialLpTokens(amount1: Num, amount2: Num): Num {
  return amount1.mul(amount2, 'downward').sqrt('downward');
}

/** Equation 3: LP tokens for a single-asset deposit of `deposit` into a pool side of `balance`. */
export function lpTokensOut(balance: Num, deposit: Num, lptBalance: Num, tradingFee: number): Num {
  const f1 = feeMult(tradingFee);
  const f2 = feeMultHalf(tradingFee).div(f1);
  const r = deposit.div(balance);
  const c = f2.mul(f2).add(r.div(f1)).sqrt().sub(f2);
  const fraction = r.sub(c).div(ONE.add(c));
  return lptBalance.mul(fraction, 'downward');
}

/** Equation 4: single-asset deposit needed to receive `lpTokens`. */
export function ammAssetIn(balance: Num, lptBalance: Num, lpTokens: Num, tradingFee: number): Num {
  const f1 = feeMult(tradingFee);
  const f2 = feeMultHalf(tradingFee).div(f1);
  const t1 = lpTokens.div(lptBalance);
  const t2 = ONE.add(t1);
  const d = f2.sub(t1.div(t2));
  const a = ONE.div(t2.mul(t2));
  const b = TWO.mul(d).div(t2).sub(ONE.div(f1));
  const c = d.mul(d).sub(f2.mul(f2));
  return balance.mul(solveQuadratic(a, b, c), 'upward');
}

/** Equation 7: LP tokens to redeem for a single-asset withdrawal of `withdraw`. */
export function lpTokensIn(balance: Num, withdraw: Num, lptBalance: Num, tradingFee: number): Num {
  const fr = withdraw.div(balance);
  const f = feeFraction(tradingFee);
  const c = fr.mul(f).add(TWO).sub(f);
  const fraction = c.sub(c.mul(c).sub(FOUR.mul(fr)).sqrt()).div(TWO);
  return lptBalance.mul(fraction, 'upward');
}

/** Equation 8: single asset received for redeeming `lpTokens`. */
export function ammAssetOut(balance: Num, lptBalance: Num, lpTokens: Num, tradingFee: number): Num {
  const f = feeFraction(tradingFee);
  const t1 = lpTokens.div(lptBalance);
  const fraction = t1
    .mul(t1)
    .sub(t1.mul(TWO.sub(f)))
    .div(t1.mul(f).sub(ONE));
  return balance.mul(fraction, 'downward');
}

function solveQuadratic(a: Num, b: Num, c: Num): Num {
  const discriminant = b.mul(b).sub(FOUR.mul(a).mul(c));
  return b.negate().add(discriminant.sqrt()).div(TWO.mul(a));
}
