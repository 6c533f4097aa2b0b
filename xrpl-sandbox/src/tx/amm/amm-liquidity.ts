import type { Amount } from '../../protocol/amount.js';
import { amountToNum, issueEquals, issueOf, signum } from '../../protocol/amount.js';
import { tf } from '../../protocol/flags.js';
import type { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import type { ApplyContext, Tx } from '../transactor.js';
import { invalidAmmAmount, optionalAmount, type PoolState } from './amm-common.js';
import { tradingFeeFor } from './amm-pool.js';

/** What a deposit puts in a pool (or a withdrawal takes out) and the LP tokens minted (or redeemed) for it. */
export interface LiquidityChange {
  amounts: Amount[];
  tokens: Num;
}

/** The field a deposit names the LP tokens it asks for in, or a withdrawal those it hands in. */
export type LpTokensField = 'LPTokenOut' | 'LPTokenIn';

/** Which of its fields a deposit or withdrawal names. */
export interface LiquidityFields {
  readonly amount: boolean;
  readonly amount2: boolean;
  readonly ePrice: boolean;
  readonly tokens: boolean;
}

export function liquidityFields(tx: Tx, tokensField: LpTokensField): LiquidityFields {
  return { amount: tx.has('Amount'), amount2: tx.has('Amount2'), ePrice: tx.has('EPrice'), tokens: tx.has(tokensField) };
}

/** Whether the fields suit a mode deposits and withdrawals share; false for any other mode. */
export function sharedModeFieldsValid(mode: number, { amount, amount2, ePrice, tokens }: LiquidityFields): boolean {
  switch (mode) {
    case tf.singleAsset:
      return amount && !amount2 && !ePrice && !tokens;
    case tf.twoAsset:
      return amount && amount2 && !ePrice && !tokens;
    case tf.oneAssetLPToken:
      return amount && tokens && !amount2 && !ePrice;
    case tf.limitLPToken:
      return amount && ePrice && !amount2 && !tokens;
    default:
      return false;
  }
}

/** The amounts a deposit or withdrawal names. */
export interface LiquidityAmounts {
  readonly amount: Amount | undefined;
  readonly amount2: Amount | undefined;
  readonly tokens: Amount | undefined;
}

export function liquidityAmounts(tx: Tx, tokensField: LpTokensField): LiquidityAmounts {
  return { amount: optionalAmount(tx, 'Amount'), amount2: optionalAmount(tx, 'Amount2'), tokens: optionalAmount(tx, tokensField) };
}

/**
 * The preflight checks deposits and withdrawals share: named LP tokens are positive, each amount is
 * a valid AMM amount (a zero one passes where `zeroAllowed`), and two amounts name different assets.
 */
export function malformedLiquidity(tx: Tx, tokensField: LpTokensField, { amount, amount2, tokens }: LiquidityAmounts, zeroAllowed: boolean): Ter | undefined {
  if (tx.has(tokensField) && (tokens === undefined || signum(tokens) <= 0)) return 'temBAD_AMM_TOKENS';
  for (const value of [amount, amount2]) {
    if (value === undefined) continue;
    if (zeroAllowed && signum(value) === 0) continue;
    const invalid = invalidAmmAmount(value);
    if (invalid !== undefined) return invalid;
  }
  if (amount !== undefined && amount2 !== undefined && issueEquals(issueOf(amount), issueOf(amount2))) return 'temBAD_AMM_TOKENS';
  return undefined;
}

/** The pool in numbers, and the trading fee the account pays (the auction slot's holder pays less). */
export function poolFigures(ctx: ApplyContext, pool: PoolState): { lpt: Num; b1: Num; b2: Num; fee: number } {
  return {
    lpt: amountToNum(pool.lpTokens),
    b1: amountToNum(pool.balances[0]),
    b2: amountToNum(pool.balances[1]),
    fee: tradingFeeFor(ctx.view, pool.amm, ctx.account),
  };
}
