import type { ApplyView } from '../../ledger/apply-view.js';
import type { Amount, Issue } from '../../protocol/amount.js';
import { amountFromNum, amountToNum, iou, issueEquals, issueOf } from '../../protocol/amount.js';
import { tf } from '../../protocol/flags.js';
import type { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import type { ApplyContext, Transactor, Tx } from '../transactor.js';
import { accountSend, xrpLiquid } from '../trust-lines.js';
import type { PoolState } from './amm-common.js';
import { checkAssets, depositable, MAX_TRADING_FEE, optionalAmount, popcount, sideOf, txPool } from './amm-common.js';
import { liquidityAmounts, liquidityFields, malformedLiquidity, poolFigures, sharedModeFieldsValid } from './amm-liquidity.js';
import type { LiquidityChange } from './amm-liquidity.js';
import { initializeFeeAuctionVote } from './amm-create.js';
import { ammAssetIn, initialLpTokens, lpTokensOut } from './amm-math.js';
import { lpHolds } from './amm-pool.js';

const MODES = tf.lpToken | tf.singleAsset | tf.twoAsset | tf.oneAssetLPToken | tf.limitLPToken | tf.twoAssetIfEmpty;

/** Which fields each deposit mode requires (true), allows (undefined) or forbids (false). */
function fieldsValid(tx: Tx, mode: number): boolean {
  if (tx.has('TradingFee') && mode !== tf.twoAssetIfEmpty) return false;
  const fields = liquidityFields(tx, 'LPTokenOut');
  switch (mode) {
    case tf.lpToken:
      return fields.tokens && fields.amount === fields.amount2 && !fields.ePrice;
    case tf.twoAssetIfEmpty:
      return sharedModeFieldsValid(tf.twoAsset, fields);
    default:
      return sharedModeFieldsValid(mode, fields);
  }
}

function amountOf(issue: Issue, value: Num): Amount {
  return amountFromNum(issue, value, 'upward');
}

function computeDeposit(ctx: ApplyContext, pool: PoolState, mode: number): LiquidityChange | Ter {
  const { tx } = ctx;
  const { lpt, b1, b2, fee } = poolFigures(ctx, pool);
  const { amount, amount2, tokens: tokensOut } = liquidityAmounts(tx, 'LPTokenOut');

  if (mode === tf.lpToken && tokensOut !== undefined) {
    const frac = amountToNum(tokensOut).div(lpt);
    const d1 = amountOf(pool.assets[0], b1.mul(frac, 'upward'));
    const d2 = amountOf(pool.assets[1], b2.mul(frac, 'upward'));
    if (amount !== undefined && amount2 !== undefined) {
      const [max1, max2] = sideOf(pool, amount) === 0 ? [amount, amount2] : [amount2, amount];
      if (amountToNum(d1).gt(amountToNum(max1)) || amountToNum(d2).gt(amountToNum(max2))) return 'tecAMM_FAILED';
    }
    return { amounts: [d1, d2], tokens: amountToNum(tokensOut) };
  }
  if (mode === tf.twoAsset && amount !== undefined && amount2 !== undefined) {
    const [a1, a2] = sideOf(pool, amount) === 0 ? [amount, amount2] : [amount2, amount];
    let frac = amountToNum(a1).div(b1);
    let d2 = b2.mul(frac, 'upward');
    if (d2.lte(amountToNum(a2))) {
      return { amounts: [a1, amountOf(pool.assets[1], d2)], tokens: lpt.mul(frac, 'downward') };
    }
    frac = amountToNum(a2).div(b2);
    d2 = b1.mul(frac, 'upward');
    if (d2.lte(amountToNum(a1))) {
      return { amounts: [amountOf(pool.assets[0], d2), a2], tokens: lpt.mul(frac, 'downward') };
    }
    return 'tecAMM_FAILED';
  }
  if ((mode === tf.singleAsset || mode === tf.limitLPToken) && amount !== undefined) {
    const balance = sideOf(pool, amount) === 0 ? b1 : b2;
    const tokens = lpTokensOut(balance, amountToNum(amount), lpt, fee);
    if (tokens.signum() <= 0) return 'tecAMM_INVALID_TOKENS';
    const ePrice = optionalAmount(tx, 'EPrice');
    if (mode === tf.limitLPToken && ePrice !== undefined && amountToNum(amount).div(tokens).gt(amountToNum(ePrice))) {
      return 'tecAMM_FAILED';
    }
    return { amounts: [amount], tokens };
  }
  if (mode === tf.oneAssetLPToken && amount !== undefined && tokensOut !== undefined) {
    const side = sideOf(pool, amount);
    const needed = ammAssetIn(side === 0 ? b1 : b2, lpt, amountToNum(tokensOut), fee);
    if (needed.gt(amountToNum(amount))) return 'tecAMM_FAILED';
    return { amounts: [amountOf(pool.assets[side], needed)], tokens: amountToNum(tokensOut) };
  }
  if (mode === tf.twoAssetIfEmpty && amount !== undefined && amount2 !== undefined) {
    return { amounts: [amount, amount2], tokens: initialLpTokens(amountToNum(amount), amountToNum(amount2)) };
  }
  return 'temMALFORMED';
}

function applyDeposit(view: ApplyView, account: string, pool: PoolState, deposit: LiquidityChange): Ter {
  for (const amount of deposit.amounts) {
    const available = depositable(view, account, issueOf(amount));
    if (available !== undefined && available.lt(amountToNum(amount))) return 'tecUNFUNDED_AMM';
  }
  const lptIssue = issueOf(pool.lpTokens);
  for (const amount of deposit.amounts) {
    const sent = accountSend(view, account, pool.account, amount);
    if (sent !== 'tesSUCCESS') return sent;
  }
  const minted = accountSend(view, pool.account, account, iou(lptIssue, deposit.tokens));
  if (minted !== 'tesSUCCESS') return minted;
  const amm = view.peek(pool.amm.key);
  if (amm === undefined) return 'tecINTERNAL';
  amm.setAmount('LPTokenBalance', iou(lptIssue, amountToNum(pool.lpTokens).add(deposit.tokens)));
  view.update(amm);
  return 'tesSUCCESS';
}

export const ammDeposit: Transactor = {
  allowedFlags: MODES,

  preflight(tx) {
    const mode = tx.getU32('Flags') & MODES;
    if (popcount(mode) !== 1 || !fieldsValid(tx, mode)) return 'temMALFORMED';
    const amounts = liquidityAmounts(tx, 'LPTokenOut');
    const malformed = malformedLiquidity(tx, 'LPTokenOut', amounts, false);
    if (malformed !== undefined) return malformed;
    if (tx.getU32('TradingFee') > MAX_TRADING_FEE) return 'temBAD_FEE';
    return checkAssets(tx, [amounts.amount, amounts.amount2]) ?? 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const pool = txPool(view, tx);
    if (pool === undefined) return 'terNO_AMM';
    const empty = amountToNum(pool.lpTokens).isZero();
    const mode = tx.getU32('Flags') & MODES;
    if (mode === tf.twoAssetIfEmpty ? !empty : empty) return empty ? 'tecAMM_EMPTY' : 'tecAMM_NOT_EMPTY';
    const tokens = optionalAmount(tx, 'LPTokenOut');
    if (tokens !== undefined && !issueEquals(issueOf(tokens), issueOf(pool.lpTokens))) return 'temBAD_AMM_TOKENS';
    // A first deposit creates the LP token line, which needs one more owner reserve.
    if (lpHolds(view, pool.amm, tx.account).isZero() && xrpLiquid(view, tx.account, 1) <= 0n) {
      return 'tecINSUF_RESERVE_LINE';
    }
    for (const field of ['Amount', 'Amount2']) {
      const amount = optionalAmount(tx, field);
      if (amount === undefined) continue;
      const available = depositable(view, tx.account, issueOf(amount));
      if (available !== undefined && available.lt(amountToNum(amount))) return 'tecUNFUNDED_AMM';
    }
    return 'tesSUCCESS';
  },

  doApply(ctx) {
    const pool = txPool(ctx.view, ctx.tx);
    if (pool === undefined) return 'terNO_AMM';
    const mode = ctx.tx.getU32('Flags') & MODES;
    const deposit = computeDeposit(ctx, pool, mode);
    if (typeof deposit === 'string') return deposit;
    if (deposit.tokens.signum() <= 0) return 'tecAMM_INVALID_TOKENS';
    if (mode === tf.twoAssetIfEmpty) {
      const amm = ctx.view.peek(pool.amm.key);
      if (amm === undefined) return 'tecINTERNAL';
      initializeFeeAuctionVote(amm, ctx.account, issueOf(pool.lpTokens), ctx.tx.getU32('TradingFee'), ctx.view.info.parentCloseTime);
      ctx.view.update(amm);
    }
    return applyDeposit(ctx.view, ctx.account, pool, deposit);
  },
};
